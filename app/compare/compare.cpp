#include "compare/compare.h"

#include <imgui.h>
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <utility>

#include "algos/algos.h"
#include "compare/timing_clock.h"
#include "hitbox/analysis.h"
#include "hitbox/mask.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "util/strf.h"

namespace hitbox::app {
namespace {

bool has_sprite(const Shape& a, const Shape& b) {
  return a.kind == Kind::Sprite || b.kind == Kind::Sprite;
}

bool moving(const Shape& a, const Shape& b) {
  return a.vel.x != 0.0 || a.vel.y != 0.0 || b.vel.x != 0.0 || b.vel.y != 0.0 || a.spin != 0.0 ||
         b.spin != 0.0;
}

// Whether both shapes can be rasterised at `accuracy` within the core's mask limit.
bool masks_fit(const Shape& a, const Shape& b, float accuracy) {
  Scene s;
  s.shapes = {a, b};
  return pixel_mask_problem(s, {{0, 1}}, accuracy).empty();
}

// The posed pair and, when asked, their masks.
struct PosedPair {
  Posed a, b;
  Mask ma, mb;
  bool masks = false;
  PosedPair(const Shape& sa, const Shape& sb) : a(sa), b(sb) {}
  bool build_masks(const Shape& sa, const Shape& sb, float accuracy) {
    if (!masks_fit(sa, sb, accuracy)) return false;
    build_mask(a, accuracy, ma);
    build_mask(b, accuracy, mb);
    masks = true;
    return true;
  }
};

// One untraced query of the module's algorithm, as analyze() runs it (masks built for an
// algorithm on masks). Only the live timing uses it: it measures one call, without the
// dispatcher's figure text (verdicts and figures come from analyze()).
bool query(const AlgoModule& m, const PosedPair& p) {
  return m.query(p.a.collider(), p.b.collider(), p.masks ? &p.ma : nullptr,
                 p.masks ? &p.mb : nullptr);
}

}  // namespace

const char* agreement_name(Agreement a) {
  switch (a) {
    case Agreement::NotApplicable:
      return "n/a";
    case Agreement::Reference:
      return "exact";
    case Agreement::Agrees:
      return "agrees";
    case Agreement::FalsePositive:
      return "FALSE POSITIVE";
    case Agreement::FalseNegative:
      return "FALSE NEGATIVE";
    case Agreement::DifferentQuestion:
      return "different question";
    case Agreement::NoReference:
      return "no exact answer";
    case Agreement::NoAnswer:
      return "mask too large";
  }
  return "?";
}

std::optional<bool> exact_pixel_verdict(const Shape& a, const Shape& b) {
  PosedPair exact(a, b);
  if (!exact.build_masks(a, b, 1.0f)) return std::nullopt;
  return pixel_overlap(exact.ma, exact.mb, false).hit;
}

CompareTable compare_from(const Shape& a, const Shape& b, const PairAnalysis& an, float accuracy,
                          std::optional<bool> exact_pixel) {
  CompareTable t;
  t.a_id = a.id;
  t.b_id = b.id;
  const bool sprite = has_sprite(a, b);
  const AlgoModule& ref = reference_module(sprite);
  t.reference = ref.bit;
  const bool vel = moving(a, b);

  // The reference: SAT, or the pixel test at accuracy 1 with a sprite.
  if (!sprite) {
    t.reference_ok = (an.ran & ref.bit) != 0;
    t.reference_hit = an.answer(ref.bit).hit();
  } else if (accuracy == 1.0f && (an.ran & ref.bit)) {
    t.reference_ok = true;
    t.reference_hit = an.answer(ref.bit).hit();
  } else if (accuracy != 1.0f && exact_pixel) {
    t.reference_ok = true;
    t.reference_hit = *exact_pixel;
  }

  for (const AlgoModule* m : algo_modules()) {
    const AlgoAnswer& ans = an.answer(m->bit);
    CompareRow row;
    row.bit = m->bit;
    row.name = m->name;
    row.supported = ans.verdict != Verdict::Unsupported && ans.verdict != Verdict::NotRun;
    if (!row.supported) {
      t.rows.push_back(std::move(row));
      continue;
    }
    if (ans.verdict == Verdict::NoMasks) {
      row.agreement = Agreement::NoAnswer;
      t.rows.push_back(std::move(row));
      continue;
    }
    row.ran = true;
    row.hit = ans.hit();
    row.figure = ans.figure;
    const bool is_reference =
        m->bit == t.reference && (m->exactness == Exactness::Convex || accuracy == 1.0f);
    if (is_reference) {
      row.agreement = Agreement::Reference;
    } else if (m->exactness == Exactness::SlidesOnly && (an.ran & kAlgoSwept) &&
               (a.spin != 0.0 || b.spin != 0.0)) {
      // A shape turns: swept (with spin) is the exact answer over the step.
      const bool exact = an.answer(kAlgoSwept).hit();
      row.agreement = row.hit == exact ? Agreement::Agrees
                      : row.hit        ? Agreement::FalsePositive
                                       : Agreement::FalseNegative;
    } else if ((m->exactness == Exactness::OverTheStep || m->exactness == Exactness::SlidesOnly) &&
               vel) {
      row.agreement = Agreement::DifferentQuestion;
    } else if (!t.reference_ok) {
      row.agreement = Agreement::NoReference;
    } else if (row.hit == t.reference_hit) {
      row.agreement = Agreement::Agrees;
    } else {
      row.agreement = row.hit ? Agreement::FalsePositive : Agreement::FalseNegative;
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

CompareTable compare_pair(const Shape& a, const Shape& b, float accuracy) {
  PosedPair p(a, b);
  AnalysisInput in;  // every algorithm, sat with every axis
  if (p.build_masks(a, b, accuracy)) {
    in.mask_a = &p.ma;
    in.mask_b = &p.mb;
  }
  const PairAnalysis an = analyze(p.a, p.b, in);
  const bool need_exact = has_sprite(a, b) && accuracy != 1.0f;
  return compare_from(a, b, an, accuracy, need_exact ? exact_pixel_verdict(a, b) : std::nullopt);
}

const CompareTable& CompareCache::get(const Shape& a, const Shape& b, const PairAnalysis& an,
                                      float accuracy) {
  // Only the pixel reference at accuracy 1 is computed here (rasterising both shapes); it is
  // kept while the pair and the accuracy stay the same.
  const bool need_exact = has_sprite(a, b) && accuracy != 1.0f;
  if (!valid_ || accuracy != accuracy_ || !(a == a_) || !(b == b_)) {
    exact_ = need_exact ? exact_pixel_verdict(a, b) : std::nullopt;
    a_ = a;
    b_ = b;
    accuracy_ = accuracy;
    valid_ = true;
  }
  table_ = compare_from(a, b, an, accuracy, exact_);
  return table_;
}

std::string compare_text(const CompareTable& t) {
  std::string out;
  for (const CompareRow& r : t.rows) {
    out += r.name;
    out += '\t';
    out += !r.supported ? "n/a" : !r.ran ? "-" : r.hit ? "hit" : "miss";
    out += '\t';
    out += r.figure.empty() ? "-" : r.figure;
    out += '\t';
    out += agreement_name(r.agreement);
    out += '\n';
  }
  return out;
}

std::optional<bool> algo_verdict(Algo algo, const Shape& a, const Shape& b, float accuracy) {
  if (!algo_supports(algo, a.kind, b.kind)) return std::nullopt;
  PosedPair p(a, b);
  if ((algo & mask_algos()) && !p.build_masks(a, b, accuracy)) return std::nullopt;
  AnalysisInput in;
  in.algos = algo;
  in.sat_early_exit = true;
  if (p.masks) {
    in.mask_a = &p.ma;
    in.mask_b = &p.mb;
  }
  return analyze(p.a, p.b, in).answer(algo).hit();
}

Disagreement find_disagreement(const Shape& a, const Shape& b, Algo first, Algo second,
                               float accuracy, std::mt19937& rng, int max_tries, double radius) {
  Disagreement d;
  const auto name = [](Algo bit) { return algo_name(bit); };
  if (first == second) {
    d.message = "Choose two different algorithms.";
    return d;
  }
  for (const Algo algo : {first, second}) {
    if (!algo_supports(algo, a.kind, b.kind)) {
      d.message = std::string(name(algo)) + " does not answer for a " + kind_name(a.kind) +
                  " and a " + kind_name(b.kind) + ".";
      return d;
    }
  }
  // The search range: about the size of the pair, so poses stay near touching.
  if (radius <= 0.0) {
    const Posed pa(a), pb(b);
    radius = 0.75 *
             (static_cast<double>(pa.collider().bound) + static_cast<double>(pb.collider().bound));
    radius = std::max(radius, 8.0);
  }
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::uniform_real_distribution<double> turn(0.0, 360.0);
  for (int i = 0; i < max_tries; ++i) {
    Shape ta = a, tb = b;
    if (i > 0) {
      // B stays where it is; A lands anywhere within `radius` of B's origin, where the
      // shapes are near touching and cheap tests are most often wrong.
      ta.pos = b.pos + DVec2(unit(rng) * radius, unit(rng) * radius);
      ta.angle = std::round(turn(rng));
      tb.angle = std::round(turn(rng));
    }
    d.tries = i + 1;
    const auto v1 = algo_verdict(first, ta, tb, accuracy);
    const auto v2 = algo_verdict(second, ta, tb, accuracy);
    if (!v1 || !v2) {
      d.message = "The pixel test cannot run on this pair (a mask would be too large).";
      return d;
    }
    if (*v1 != *v2) {
      d.found = true;
      d.a = std::move(ta);
      d.b = std::move(tb);
      d.first_hit = *v1;
      d.second_hit = *v2;
      d.message = std::string(name(first)) + (*v1 ? " says hit, " : " says miss, ") + name(second) +
                  (*v2 ? " says hit" : " says miss") + " (after " + std::to_string(d.tries) +
                  (d.tries == 1 ? " try)" : " tries)");
      return d;
    }
  }
  d.message = std::string("No disagreement between ") + name(first) + " and " + name(second) +
              " in " + std::to_string(max_tries) + " random poses.";
  return d;
}

// ---- timing ----

double time_query(const std::function<bool()>& query_fn, int batches, double batch_ns,
                  int max_calls) {
  using Clock = std::chrono::steady_clock;
  volatile bool sink = false;
  const auto batch = [&](int calls) {
    const auto t0 = Clock::now();
    bool acc = false;
    for (int i = 0; i < calls; ++i) acc ^= query_fn();
    const auto t1 = Clock::now();
    sink = sink ^ acc;
    return std::chrono::duration<double, std::nano>(t1 - t0).count();
  };
  // Calibrate: double the calls until a batch lasts about batch_ns.
  int calls = 1;
  while (calls < max_calls && batch(calls) < batch_ns) calls *= 2;
  calls = std::min(calls, max_calls);
  std::vector<double> per_call;
  per_call.reserve(static_cast<std::size_t>(batches));
  for (int k = 0; k < batches; ++k) per_call.push_back(batch(calls) / calls);
  std::sort(per_call.begin(), per_call.end());
  return per_call[per_call.size() / 2];
}

#ifndef __EMSCRIPTEN__
CompareTimer::CompareTimer() {
  published_.ns.fill(-1.0);
  worker_ = std::thread([this] { run(); });
}

CompareTimer::~CompareTimer() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  worker_.join();
}

void CompareTimer::post(const Shape& a, const Shape& b, float accuracy) {
  {
    std::lock_guard lock(mu_);
    if (has_pair_ && a == a_ && b == b_ && accuracy == accuracy_) return;
    a_ = a;
    b_ = b;
    accuracy_ = accuracy;
    has_pair_ = true;
    ++pair_version_;
  }
  cv_.notify_all();
}

CompareTimer::Timings CompareTimer::results() const {
  std::lock_guard lock(mu_);
  return published_;
}

void CompareTimer::run() {
  using namespace std::chrono_literals;
  std::uint64_t generation = 0;
  std::uint64_t measured_version = 0;
  for (;;) {
    Shape a, b;
    float accuracy = 1.0f;
    std::uint64_t version = 0;
    {
      std::unique_lock lock(mu_);
      // A few updates a second; sooner when the pair changes.
      cv_.wait_for(lock, 250ms, [&] { return stop_ || pair_version_ != measured_version; });
      if (stop_) return;
      if (!has_pair_) continue;
      a = a_;
      b = b_;
      accuracy = accuracy_;
      version = pair_version_;
    }
    Timings t;
    t.ns.fill(-1.0);
    PosedPair p(a, b);
    const bool masks = p.build_masks(a, b, accuracy);
    for (int i = 0; i < kAlgoCount; ++i) {
      const AlgoModule& m = *algo_modules()[static_cast<std::size_t>(i)];
      if (!algo_supports(m.bit, a.kind, b.kind) || (m.on_masks && !masks)) continue;
      const TimingBatch tb = timing_batch();
      t.ns[static_cast<std::size_t>(i)] =
          time_query([&] { return query(m, p); }, 7, tb.batch_ns, tb.max_calls);
      std::lock_guard lock(mu_);
      if (stop_) return;
      if (pair_version_ != version) break;  // moved on: measure the new pose
    }
    std::lock_guard lock(mu_);
    measured_version = version;
    if (pair_version_ != version) continue;
    t.generation = ++generation;
    published_ = t;
  }
}
#else
// The browser has no threads: each post() (one per frame while the table shows timings)
// times one algorithm on the main thread, and a round is published once every algorithm was
// timed on the same pose; rounds a quarter second apart, as the worker's.
CompareTimer::CompareTimer() {
  published_.ns.fill(-1.0);
  measuring_.ns.fill(-1.0);
}

CompareTimer::~CompareTimer() = default;

void CompareTimer::post(const Shape& a, const Shape& b, float accuracy) {
  constexpr double kRoundGapMs = 250.0;
  const double now = emscripten_get_now();
  if (!has_pair_ || !(a == a_) || !(b == b_) || accuracy != accuracy_) {
    a_ = a;
    b_ = b;
    accuracy_ = accuracy;
    has_pair_ = true;
    ++pair_version_;
    measuring_.ns.fill(-1.0);
    next_ = 0;  // a new pose: start a round now
  } else if (next_ >= kAlgoCount) {
    if (now - round_done_ms_ < kRoundGapMs) return;
    measuring_.ns.fill(-1.0);
    next_ = 0;
  }
  PosedPair p(a_, b_);
  const bool masks = p.build_masks(a_, b_, accuracy_);
  // The next algorithm this pair supports: time it, one per frame.
  while (next_ < kAlgoCount) {
    const int i = next_++;
    const AlgoModule& m = *algo_modules()[static_cast<std::size_t>(i)];
    if (!algo_supports(m.bit, a_.kind, b_.kind) || (m.on_masks && !masks)) continue;
    const TimingBatch tb = timing_batch();
    measuring_.ns[static_cast<std::size_t>(i)] =
        time_query([&] { return query(m, p); }, 5, tb.batch_ns, tb.max_calls);
    break;
  }
  if (next_ >= kAlgoCount) {
    measuring_.generation = published_.generation + 1;
    published_ = measuring_;
    round_done_ms_ = now;
  }
}

CompareTimer::Timings CompareTimer::results() const {
  return published_;
}

void CompareTimer::run() {}
#endif

// ---- the window ----

namespace {

ImVec4 agreement_colour(Agreement a) {
  switch (a) {
    case Agreement::FalsePositive:
    case Agreement::FalseNegative:
      return ImVec4(1.00f, 0.42f, 0.38f, 1.0f);
    case Agreement::Agrees:
      return ImVec4(0.45f, 0.90f, 0.50f, 1.0f);
    case Agreement::Reference:
      return ImVec4(1.00f, 0.84f, 0.22f, 1.0f);
    default:
      return ImVec4(0.62f, 0.64f, 0.72f, 1.0f);
  }
}

std::string timing_text(double ns) {
  if (ns < 0.0) return "...";
  if (ns < 10.0) return strf("%.1f ns", ns);
  if (ns < 100000.0) return strf("%.0f ns", ns);
  return strf("%.0f us", ns / 1000.0);
}

// What a row's cost cell shows: nothing for an algorithm that did not run, "--" without
// timing (stable screenshots), else the measured cost.
std::string cost_cell(const CompareRow& r, bool timing, double ns) {
  if (!r.ran) return " ";
  if (!timing) return "--";
  return timing_text(ns);
}

}  // namespace

void draw_compare_window(
    CompareUi& ui, const ScreenRect& where, const CompareTable* table, const Shape* a,
    const Shape* b, float accuracy, const CompareTimer::Timings& timings,
    const std::function<void(const Shape&, const Shape&, const std::string&)>& apply) {
  if (!ui.open || where.empty()) return;
  // Docked along the bottom of the scene (panels/layout.h); it scrolls when the rows do not fit.
  if (!begin_docked("Compare algorithms", where, &ui.open)) {
    ImGui::End();
    return;
  }
  if (table == nullptr || a == nullptr || b == nullptr) {
    ImGui::TextUnformatted("No pair in focus: select a shape (its nearest shape is B)");
    ImGui::TextUnformatted("or Ctrl+click two shapes.");
    ImGui::End();
    return;
  }
  // The pair, the exact answer and the accuracy, each whole, side by side where they fit, and
  // "(?)": hovering the line explains them.
  const ImVec4 plain = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  const char* exact = !table->reference_ok ? "unavailable" : table->reference_hit ? "HIT" : "miss";
  flow_segments({{plain, "Pair " + table->a_id + " : " + table->b_id + "  ", true},
                 {plain, std::string("exact answer: ") + exact + "  ", true},
                 {plain, "pixel accuracy " + format_float(accuracy), true},
                 {ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), "(?)"}});
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextUnformatted(
        "The exact answer is SAT for rects, circles and polygons: SAT is exact for convex "
        "shapes. With a sprite it is the pixel test at accuracy 1, because a sprite's pixels "
        "are not convex (SAT and GJK see only its frame).\n\n"
        "FALSE POSITIVE: says hit where the exact answer says miss. FALSE NEGATIVE: the "
        "reverse.\nSwept answers another question (do they meet during the step?), so it is "
        "compared only when both velocities are zero.\n\n"
        "Cost: median ns per query on this pair (median of 7 batches). Shapes are posed and "
        "masks built beforehand, so the pixel cost is the overlap test only.");
    ImGui::TextUnformatted(timing_clock_text().c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }

  // Every column keeps the width of its text. Where the window is narrower than that
  // (presenter mode at 800 x 600) the table scrolls sideways, as tall as its header, its rows
  // and the scroll bar.
  const ImGuiStyle& st = ImGui::GetStyle();
  float widths[5] = {text_width("algorithm"), text_width("verdict"), text_width("figure"),
                     text_width("ns / query"), text_width("vs exact")};
  for (std::size_t i = 0; i < table->rows.size(); ++i) {
    const CompareRow& r = table->rows[i];
    widths[0] = std::max(widths[0], text_width(r.name));
    widths[1] = std::max(widths[1], text_width("miss"));
    widths[2] = std::max(widths[2], text_width(r.figure.c_str()));
    widths[3] = std::max(widths[3], text_width(cost_cell(r, ui.timing, timings.ns[i]).c_str()));
    widths[4] = std::max(widths[4], text_width(agreement_name(r.agreement)));
  }
  float table_w = 0.0f;
  for (const float w : widths) table_w += w + 2.0f * st.CellPadding.x + 1.0f;
  ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  const ImVec2 size = sideways_table(table_w, static_cast<int>(table->rows.size()) + 1,
                                     ImGui::GetTextLineHeight() + 2.0f * st.CellPadding.y, &flags);
  if (ImGui::BeginTable("compare", 5, flags, size)) {
    ImGui::TableSetupColumn("algorithm");
    ImGui::TableSetupColumn("verdict");
    ImGui::TableSetupColumn("figure");
    ImGui::TableSetupColumn("ns / query");
    ImGui::TableSetupColumn("vs exact");
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < table->rows.size(); ++i) {
      const CompareRow& r = table->rows[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (r.supported) {
        ImGui::TextUnformatted(r.name);
      } else {
        ImGui::TextDisabled("%s", r.name);
      }
      ImGui::TableNextColumn();
      if (!r.supported || !r.ran) {
        ImGui::TextDisabled("n/a");
      } else if (r.hit) {
        ImGui::TextColored(ImVec4(1.00f, 0.50f, 0.45f, 1.0f), "HIT");
      } else {
        ImGui::TextUnformatted("miss");
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.figure.empty() ? "" : r.figure.c_str());
      ImGui::TableNextColumn();
      const std::string cost = cost_cell(r, ui.timing, timings.ns[i]);
      if (r.ran && ui.timing) {
        ImGui::TextUnformatted(cost.c_str());
      } else {
        ImGui::TextDisabled("%s", cost.c_str());
      }
      ImGui::TableNextColumn();
      if (r.supported) {
        ImGui::TextColored(agreement_colour(r.agreement), "%s", agreement_name(r.agreement));
      }
    }
    ImGui::EndTable();
  }
  // Notes wrap at 520 px, or at the window's edge when it is narrower.
  const auto wrap_at = [] {
    return std::min(ImGui::GetCursorPosX() + 520.0f, ImGui::GetContentRegionMax().x);
  };
  if (ui.timing) {
    ImGui::PushTextWrapPos(wrap_at());
    ImGui::TextDisabled("%s", timing_clock_text().c_str());
    ImGui::PopTextWrapPos();
  }

  ImGui::Separator();
  ImGui::TextUnformatted("Find a disagreement:");
  const auto combo = [](const char* label, int* index) {
    ImGui::SetNextItemWidth(11.5f * ImGui::GetFontSize());
    const auto modules = algo_modules();
    if (ImGui::BeginCombo(label, modules[static_cast<std::size_t>(*index)]->name)) {
      for (int i = 0; i < kAlgoCount; ++i) {
        if (ImGui::Selectable(modules[static_cast<std::size_t>(i)]->name, i == *index)) *index = i;
      }
      ImGui::EndCombo();
    }
  };
  combo("##first", &ui.first);
  same_line_if_fits(text_width("vs"));
  ImGui::TextUnformatted("vs");
  same_line_if_fits(11.5f * ImGui::GetFontSize());
  combo("##second", &ui.second);
  same_line_if_fits(button_width("Find"));
  if (ImGui::Button("Find")) {
    const auto modules = algo_modules();
    const Disagreement d =
        find_disagreement(*a, *b, modules[static_cast<std::size_t>(ui.first)]->bit,
                          modules[static_cast<std::size_t>(ui.second)]->bit, accuracy, ui.rng);
    ui.find_message = d.message;
    if (d.found && d.tries > 1) apply(d.a, d.b, "Found: " + d.message + ". Ctrl+Z undoes.");
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Tries random poses (A near B, both at random angles; the current pose "
        "first) until the two disagree, then moves the shapes there (one undo "
        "step).");
  }
  if (!ui.find_message.empty()) {
    ImGui::PushTextWrapPos(wrap_at());
    ImGui::TextUnformatted(ui.find_message.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace hitbox::app
