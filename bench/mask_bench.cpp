// Pixel-mask benchmarks: word-level overlap test and count of two masks of a 256x256 sprite
// at random offsets, uniform over every placement where their bounds overlap, against the
// plain per-cell loop in the same run; and building the mask of a 256x256 sprite at a new
// rotation.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "hitbox/mask.h"

namespace {

using hitbox::DVec2;
using hitbox::Mask;
using hitbox::Shape;

constexpr int kSide = 256;
constexpr int kOffsets = 4096;

// A 256x256 sprite drawn here (no file needed): a blob with three holes and a notch.
std::shared_ptr<const hitbox::SpriteImage> blob_image() {
  auto img = std::make_shared<hitbox::SpriteImage>();
  img->w = img->h = kSide;
  img->alpha.resize(kSide * kSide);
  for (int y = 0; y < kSide; ++y) {
    for (int x = 0; x < kSide; ++x) {
      const double dx = x + 0.5 - 128, dy = y + 0.5 - 128;
      const double r = std::sqrt(dx * dx + dy * dy);
      const double a = std::atan2(dy, dx);
      bool solid = r < 110 + 14 * std::sin(5 * a) + 6 * std::cos(3 * a);
      solid &= std::hypot(dx - 40, dy + 30) > 22;  // holes
      solid &= std::hypot(dx + 45, dy - 20) > 16;
      solid &= std::hypot(dx - 10, dy - 55) > 12;
      solid &= !(dx > 60 && std::fabs(dy) < 10);  // notch
      img->alpha[y * kSide + x] = solid ? 255 : 0;
    }
  }
  return img;
}

Shape blob_shape() {
  Shape s;
  s.id = "blob";
  s.kind = hitbox::Kind::Sprite;
  s.pixels.image = blob_image();
  s.pos = DVec2(0.0, 0.0);
  return s;
}

const Mask& blob_mask() {
  static const Mask m = [] {
    Mask out;
    hitbox::build_mask(hitbox::Posed(blob_shape()), 1.0f, out);
    return out;
  }();
  return m;
}

// B's top-left cell relative to A's, uniform over every placement where the two masks'
// bounds overlap (|dx| < w, |dy| < h of the mask as built, so none is rejected on the
// bounds alone).
struct Offsets {
  std::vector<std::pair<int, int>> d;
};

const Offsets& offsets() {
  static const Offsets o = [] {
    const Mask& m = blob_mask();
    Offsets r;
    std::mt19937 rng(2024);
    std::uniform_int_distribution<int> ux(-m.w + 1, m.w - 1);
    std::uniform_int_distribution<int> uy(-m.h + 1, m.h - 1);
    for (int i = 0; i < kOffsets; ++i) {
      const int dx = ux(rng);
      r.d.emplace_back(dx, uy(rng));
    }
    return r;
  }();
  return o;
}

// The plain reference: every cell of the intersection, one bit read at a time.
int per_cell_count(const Mask& a, const Mask& b) {
  const int x0 = std::max(a.x0, b.x0), x1 = std::min(a.x0 + a.w, b.x0 + b.w);
  const int y0 = std::max(a.y0, b.y0), y1 = std::min(a.y0 + a.h, b.y0 + b.h);
  int n = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) n += a.get(x, y) && b.get(x, y) ? 1 : 0;
  }
  return n;
}

bool per_cell_test(const Mask& a, const Mask& b) {
  const int x0 = std::max(a.x0, b.x0), x1 = std::min(a.x0 + a.w, b.x0 + b.w);
  const int y0 = std::max(a.y0, b.y0), y1 = std::min(a.y0 + a.h, b.y0 + b.h);
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      if (a.get(x, y) && b.get(x, y)) return true;
    }
  }
  return false;
}

template <class F>
void run_offsets(benchmark::State& state, F query) {
  const Mask& a = blob_mask();
  Mask b = a;
  const auto& d = offsets().d;
  size_t i = 0;
  std::int64_t sink = 0;
  for (auto _ : state) {
    b.x0 = a.x0 + d[i].first;
    b.y0 = a.y0 + d[i].second;
    i = (i + 1) % d.size();
    sink += query(a, b);
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}

void BM_PixelOverlapTest(benchmark::State& state) {
  run_offsets(state,
              [](const Mask& a, const Mask& b) { return hitbox::pixel_overlap(a, b, false).hit; });
}
void BM_PixelOverlapCount(benchmark::State& state) {
  run_offsets(state,
              [](const Mask& a, const Mask& b) { return hitbox::pixel_overlap(a, b, true).count; });
}
void BM_PerCellTest(benchmark::State& state) {
  run_offsets(state, [](const Mask& a, const Mask& b) { return per_cell_test(a, b); });
}
void BM_PerCellCount(benchmark::State& state) {
  run_offsets(state, [](const Mask& a, const Mask& b) { return per_cell_count(a, b); });
}

// Building the mask of the 256x256 sprite at a new rotation (and a new sub-pixel position)
// every time, mirrored half of the time.
void BM_BuildSpriteMask256(benchmark::State& state) {
  Shape s = blob_shape();
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<hitbox::Posed> poses;
  for (int i = 0; i < 64; ++i) {
    s.angle = 360.0 * u(rng);
    s.pos = DVec2(400.0 + u(rng), 300.0 + u(rng));
    s.mirror_x = i % 2;
    poses.emplace_back(s);
  }
  Mask m;
  size_t i = 0;
  std::int64_t sink = 0;
  for (auto _ : state) {
    hitbox::build_mask(poses[i], 1.0f, m);
    i = (i + 1) % poses.size();
    sink += m.w;
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_PixelOverlapTest);
BENCHMARK(BM_PixelOverlapCount);
BENCHMARK(BM_PerCellTest);
BENCHMARK(BM_PerCellCount);
BENCHMARK(BM_BuildSpriteMask256)->Unit(benchmark::kMicrosecond);

}  // namespace

// HITBOX_MASK_ISA=avx2 or =portable runs the overlap on that path (what a CPU without
// AVX-512, or without AVX2, would run); unset, the best this CPU has. Mask building keeps
// its own dispatch.
int main(int argc, char** argv) {
  if (const char* isa = std::getenv("HITBOX_MASK_ISA")) {
    const std::string v = isa;
    if (v == "avx2") {
      hitbox::detail::set_mask_isa(hitbox::detail::MaskIsa::Avx2);
    } else if (v == "portable") {
      hitbox::detail::set_mask_isa(hitbox::detail::MaskIsa::Portable);
    } else if (v != "best") {
      std::fprintf(stderr, "HITBOX_MASK_ISA must be best, avx2 or portable, not %s\n", isa);
      return 2;
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
