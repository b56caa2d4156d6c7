#include "teach/tasks.h"

#include "algos/algos.h"
#include "hitbox/mask.h"
#include "hitbox/report.h"
#include "hitbox/shape.h"
#include "hitbox/task.h"

namespace hitbox::app {

std::uint32_t lesson_task_algos(const Scene& scene) {
  std::uint32_t algos = 0;
  if (scene.lesson)
    for (const LessonTask& t : scene.lesson->tasks) algos |= t.condition.algos;
  return algos;
}

std::vector<bool> tasks_holding(const Lesson& lesson, const Scene& scene, float accuracy,
                                const TaskInputs& play) {
  std::uint32_t algos = 0;
  for (const LessonTask& t : lesson.tasks) algos |= t.condition.algos;
  TaskInputs in;
  in.scene = &scene;
  in.play_time = play.play_time;
  in.play_points = play.play_points;
  in.play_warm_start = play.play_warm_start;
  in.play_sleeping = play.play_sleeping;
  in.mover = play.mover;
  PairAnalysis analysis;
  const int a = scene.focus ? scene.find(scene.focus->first) : -1;
  const int b = scene.focus ? scene.find(scene.focus->second) : -1;
  if (a >= 0 && b >= 0 && a != b) {
    const Shape& sa = scene.shapes[static_cast<std::size_t>(a)];
    const Shape& sb = scene.shapes[static_cast<std::size_t>(b)];
    const Posed pa(sa), pb(sb);
    AnalysisInput ai;
    ai.algos = algos;
    Mask ma, mb;
    if ((algos & mask_algos()) && pixel_mask_problem(scene, {{a, b}}, accuracy).empty()) {
      build_mask(pa, accuracy, ma);
      build_mask(pb, accuracy, mb);
      ai.mask_a = &ma;
      ai.mask_b = &mb;
    }
    analyze(pa, pb, ai, analysis);
    in.analysis = &analysis;
    in.a = &sa;
    in.b = &sb;
  }
  std::vector<bool> out;
  out.reserve(lesson.tasks.size());
  for (const LessonTask& t : lesson.tasks) out.push_back(condition_holds(t.condition, in));
  return out;
}

void TaskTracker::start(const Lesson* lesson) {
  conditions_.clear();
  done_ = 0;
  if (lesson)
    for (const LessonTask& t : lesson->tasks) conditions_.push_back(t.condition);
}

int TaskTracker::check(const TaskInputs& in) {
  if (done_ >= count()) return -1;
  if (!condition_holds(conditions_[static_cast<std::size_t>(done_)], in)) return -1;
  return done_++;
}

}  // namespace hitbox::app
