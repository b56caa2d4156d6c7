// Comparing the algorithms on the pair in focus: what each one answers, how that differs
// from the exact answer, what one query costs (measured live, off the frame path), and a
// search for poses where two algorithms disagree.
//
// The exact answer. SAT is exact for convex shapes, so it is the reference for every pair of
// rects, circles and polygons. Sprites are not convex (their frame is, their pixels are not),
// so when a sprite is involved the reference is the pixel test at accuracy 1 (one cell per
// world pixel). Swept answers another question (do the shapes meet during the step?); it is
// compared with the static answer only when both velocities are zero. Which algorithm is
// which comes from its module (algos/algos.h: AlgoModule::exactness).
//
// Nothing here draws the world; the table is an ImGui window (draw_compare_window).
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "hitbox/analysis.h"
#include "hitbox/report.h"
#include "hitbox/shape.h"
#include "panels/layout.h"

namespace hitbox::app {

inline constexpr int kAlgoCount = static_cast<int>(std::size(kAlgorithms));

// How a row's verdict relates to the exact answer.
enum class Agreement : std::uint8_t {
  NotApplicable,      // the algorithm does not answer for these kinds
  Reference,          // this row is the exact answer
  Agrees,             // same verdict as the exact answer
  FalsePositive,      // says hit, the exact answer says miss
  FalseNegative,      // says miss, the exact answer says hit
  DifferentQuestion,  // swept with a velocity: it answers "over the step", not "now"
  NoReference,        // the exact answer could not be computed (a mask too large)
  NoAnswer,           // the algorithm could not run (pixel: a mask too large)
};
const char* agreement_name(Agreement a);

struct CompareRow {
  Algo bit{};
  const char* name = "";
  bool supported = false;
  bool ran = false;  // supported and computed (pixel may be refused for too large a mask)
  bool hit = false;
  std::string figure;  // e.g. "overlap 12.5", "toi 0.42", "distance 3.1", "40 cells"
  Agreement agreement = Agreement::NotApplicable;
};

struct CompareTable {
  std::string a_id, b_id;
  Algo reference{};  // sat, or pixel (at accuracy 1) with a sprite
  bool reference_ok = false;
  bool reference_hit = false;
  std::vector<CompareRow> rows;  // one per algorithm, in the catalogue's order
};

// The table read off an analysis of shapes a and b that ran every algorithm (the window's
// frame analysis; sat with every axis). `accuracy` is the pixel row's. With a sprite, the
// reference is the pixel test at accuracy 1: the analysis's own pixel row when `accuracy` is
// 1, else `exact_pixel` (nullopt: the masks at accuracy 1 would be too large).
CompareTable compare_from(const Shape& a, const Shape& b, const PairAnalysis& an, float accuracy,
                          std::optional<bool> exact_pixel);

// The pixel verdict at accuracy 1 (nullopt when a mask would be too large).
std::optional<bool> exact_pixel_verdict(const Shape& a, const Shape& b);

// Every algorithm's answer for shapes a and b: poses them, runs the core's dispatcher and
// reads the table off it (compare_from). `hitbox --print-compare` and the tests use it.
CompareTable compare_pair(const Shape& a, const Shape& b, float accuracy);

// The window's table, each frame from the frame's analysis; only the pixel reference at
// accuracy 1 is computed here, and kept until the pair or the accuracy changes.
class CompareCache {
 public:
  const CompareTable& get(const Shape& a, const Shape& b, const PairAnalysis& an, float accuracy);

 private:
  bool valid_ = false;
  Shape a_, b_;
  float accuracy_ = 0.0f;
  std::optional<bool> exact_;
  CompareTable table_;
};

// The table as plain text, one row a line: "NAME<TAB>VERDICT<TAB>FIGURE<TAB>MARK", for
// `hitbox --print-compare` and the tests. No timings (they depend on the clock).
std::string compare_text(const CompareTable& t);

// One algorithm's verdict on a pair (nullopt when it does not answer for the kinds or a
// pixel mask would be too large). Poses the shapes itself.
std::optional<bool> algo_verdict(Algo algo, const Shape& a, const Shape& b, float accuracy);

// ---- find a disagreement ----
struct Disagreement {
  bool found = false;
  int tries = 0;
  Shape a, b;              // the pose found (a copy of the inputs with pos and angle changed)
  bool first_hit = false;  // what algorithm `first` said there
  bool second_hit = false;
  std::string message;  // "aabb says hit, sat says miss (after 12 tries)" or why none
};

// Random poses of the pair until `first` and `second` disagree, for at most `max_tries` poses:
// the current pose first, then B where it is and A within `radius` world px of B's origin
// (default: 0.75 times the sum of their bounding radii), both at random whole-degree angles.
Disagreement find_disagreement(const Shape& a, const Shape& b, Algo first, Algo second,
                               float accuracy, std::mt19937& rng, int max_tries = 4000,
                               double radius = -1.0);

// ---- live timing ----
// A worker thread that measures ns per query of every algorithm on the last pair posted.
// post() never blocks on a measurement; results() copies the last published numbers.
// (The browser build measures in post() instead, one algorithm per call.)
class CompareTimer {
 public:
  struct Timings {
    std::uint64_t generation = 0;         // 0: nothing measured yet
    std::array<double, kAlgoCount> ns{};  // per catalogue index; < 0: not measured
  };

  CompareTimer();
  ~CompareTimer();
  CompareTimer(const CompareTimer&) = delete;
  CompareTimer& operator=(const CompareTimer&) = delete;

  // The pair to measure (copied). Cheap when it did not change.
  void post(const Shape& a, const Shape& b, float accuracy);
  Timings results() const;

 private:
  void run();

  mutable std::mutex mu_;
  std::condition_variable cv_;
#ifndef __EMSCRIPTEN__
  bool stop_ = false;
#endif
  bool has_pair_ = false;
  std::uint64_t pair_version_ = 0;
  Shape a_, b_;
  float accuracy_ = 1.0f;
  Timings published_;
#ifdef __EMSCRIPTEN__
  // The browser build has no threads: post() times one algorithm per frame, a round every
  // quarter second (compare.cpp).
  Timings measuring_;
  int next_ = 0;                // the catalogue index timed next; kAlgoCount: round done
  double round_done_ms_ = 0.0;  // when the last round finished (the page's clock)
#endif
  std::thread worker_;
};

// Median ns per call of `query` over `batches` batches; each batch repeats the call enough
// times to last about `batch_ns` (at most `max_calls`). `query` returns a bool that is kept
// so the compiler cannot drop the call.
double time_query(const std::function<bool()>& query, int batches = 7, double batch_ns = 50000.0,
                  int max_calls = 4096);

// ---- the window ----
struct CompareUi {
  bool open = false;
  bool timing = true;  // false (--no-timing): show "--" instead of clock-dependent numbers
  int first = 0;       // "Find a disagreement": catalogue indices
  int second = 2;
  std::mt19937 rng{12345u};
  std::string find_message;
};

// The comparison window for `table` (nullptr: no pair in focus). When Find is pressed and a
// disagreement turns up, `apply` is called with the new poses of A and B and a message.
void draw_compare_window(
    CompareUi& ui, const ScreenRect& where, const CompareTable* table, const Shape* a,
    const Shape* b, float accuracy, const CompareTimer::Timings& timings,
    const std::function<void(const Shape&, const Shape&, const std::string&)>& apply);

}  // namespace hitbox::app
