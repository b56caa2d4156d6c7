// The table of algorithm modules (algos.h), in the order of the core's catalogue.
#include "algos/algos.h"

#include <cassert>
#include <charconv>
#include <vector>

namespace hitbox::app {

extern const AlgoModule aabb_module;
extern const AlgoModule bounding_circle_module;
extern const AlgoModule sat_module;
extern const AlgoModule mtd_module;
extern const AlgoModule swept_module;
extern const AlgoModule pixel_module;
extern const AlgoModule gjk_module;
extern const AlgoModule quadrant_module;
extern const AlgoModule circle_as_square_module;
extern const AlgoModule manifold_module;
extern const AlgoModule swept_linear_module;

namespace {

constexpr const AlgoModule* kModules[] = {
    &aabb_module,     &bounding_circle_module, &sat_module,
    &mtd_module,      &swept_module,           &pixel_module,
    &gjk_module,      &quadrant_module,        &circle_as_square_module,
    &manifold_module, &swept_linear_module,
};
static_assert(std::size(kModules) == std::size(kAlgorithms), "one module per algorithm");

template <class Keep>
std::uint32_t bits_where(Keep keep) {
  std::uint32_t bits = 0;
  for (const AlgoModule* m : kModules)
    if (keep(*m)) bits |= m->bit;
  return bits;
}

}  // namespace

std::span<const AlgoModule* const> algo_modules() {
  return kModules;
}

const AlgoModule* algo_module(std::uint32_t bit) {
  for (const AlgoModule* m : kModules)
    if (m->bit == bit) return m;
  return nullptr;
}

bool parse_step_flag(std::string_view text, Algo* algo, int* step) {
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) return false;
  const std::string_view name = text.substr(0, colon);
  const std::string_view num = text.substr(colon + 1);
  const AlgoModule* found = nullptr;
  for (const AlgoModule* m : kModules)
    if (m->steps && name == m->name) found = m;
  if (!found) return false;
  int n = 0;
  const auto [ptr, ec] = std::from_chars(num.data(), num.data() + num.size(), n);
  if (ec != std::errc() || ptr != num.data() + num.size() || n < 1 || n > 1000) return false;
  *algo = found->bit;
  *step = n - 1;
  return true;
}

std::string step_flag_forms() {
  std::vector<std::string> forms;
  for (const AlgoModule* m : kModules)
    if (m->steps) forms.push_back(std::string(m->name) + ":N");
  std::string text;
  for (std::size_t k = 0; k < forms.size(); ++k)
    text += (k == 0 ? "" : k + 1 == forms.size() ? " or " : ", ") + forms[k];
  return text;
}

const char* algo_name(std::uint32_t bit) {
  const AlgoModule* m = algo_module(bit);
  return m ? m->name : "?";
}

std::uint32_t start_algos() {
  return bits_where([](const AlgoModule& m) { return m.on_at_start; });
}

std::uint32_t traced_algos() {
  return bits_where([](const AlgoModule& m) { return m.traced; });
}

std::uint32_t mask_algos() {
  return bits_where([](const AlgoModule& m) { return m.on_masks; });
}

std::uint32_t most_exact_algo(std::uint32_t ran) {
  const AlgoModule* best = nullptr;
  for (const AlgoModule* m : kModules)
    if ((ran & m->bit) && m->colour_rank > 0 && (!best || m->colour_rank < best->colour_rank))
      best = m;
  return best ? best->bit : 0u;
}

const AlgoModule& reference_module(bool sprite) {
  const Exactness want = sprite ? Exactness::Pixels : Exactness::Convex;
  for (const AlgoModule* m : kModules)
    if (m->exactness == want) return *m;
  assert(false && "no reference algorithm");
  return *kModules[0];
}

}  // namespace hitbox::app
