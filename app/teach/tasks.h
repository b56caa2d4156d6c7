// A lesson's tasks checked against a pose (hitbox/task.h): what the window's lesson panel
// ticks and `hitbox --lesson NAME --print-tasks` prints. The conditions read the core's
// analysis of the focus pair; nothing here computes collision math.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hitbox/analysis.h"
#include "hitbox/scene.h"
#include "hitbox/task.h"

namespace hitbox::app {

// Every algorithm the lesson's conditions read (Condition::algos): the window's analysis
// runs them even when they are off in the panel. 0 without a lesson or tasks.
std::uint32_t lesson_task_algos(const Scene& scene);

// Whether each of `lesson`'s tasks holds for `scene` as posed, with `scene`'s focus pair
// (ids that must exist; without one, no pair: conditions on it are false), the pixel test at
// `accuracy` (a valid one), and play mode's state and the Mover tool's run from `play` (its
// play_* fields and mover). The headless check: one analysis with every algorithm the tasks
// read.
std::vector<bool> tasks_holding(const Lesson& lesson, const Scene& scene, float accuracy,
                                const TaskInputs& play);

// The window's progress through one lesson: tasks are met in order, each checked every
// frame until it holds, then kept. Reset and reopening start over.
class TaskTracker {
 public:
  // Starts over on `lesson`'s tasks (nullptr: no lesson, nothing to check). Keeps a copy of
  // the conditions: the scene may change under it.
  void start(const Lesson* lesson);
  // Checks the current task against the frame's inputs; returns the index of a task that
  // was met this frame, else -1.
  int check(const TaskInputs& in);
  int done() const { return done_; }  // tasks met, from the first
  int count() const { return static_cast<int>(conditions_.size()); }

 private:
  std::vector<Condition> conditions_;
  int done_ = 0;
};

}  // namespace hitbox::app
