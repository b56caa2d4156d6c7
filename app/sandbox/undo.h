// Snapshot undo for the sandbox: each step stores the whole scene as it was before an edit.
// Scenes are small (tens of shapes), so a copy per step is simpler and safer than commands.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "hitbox/scene.h"

namespace hitbox::app {

class History {
 public:
  explicit History(std::size_t limit = 500) : limit_(limit) {}

  // An edit happened; `before` is the scene as it was. Clears the redo steps.
  void record(Scene before) {
    undo_.push_back(std::move(before));
    if (undo_.size() > limit_) undo_.erase(undo_.begin());
    redo_.clear();
  }

  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }

  // Replace `current` with the scene before the last edit. False when there is none.
  bool undo(Scene& current) { return step(undo_, redo_, current); }
  // Replace `current` with the scene after the last undone edit. False when there is none.
  bool redo(Scene& current) { return step(redo_, undo_, current); }

 private:
  static bool step(std::vector<Scene>& from, std::vector<Scene>& to, Scene& current) {
    if (from.empty()) return false;
    to.push_back(std::move(current));
    current = std::move(from.back());
    from.pop_back();
    return true;
  }

  std::size_t limit_;
  std::vector<Scene> undo_;
  std::vector<Scene> redo_;
};

}  // namespace hitbox::app
