// Snapshot undo for the sandbox: each step stores the whole scene as it was before an edit,
// with its version (Document::version), so undo and redo bring back the unsaved mark too.
// Scenes are small (tens of shapes), so a copy per step is simpler and safer than commands.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "hitbox/scene.h"

namespace hitbox::app {

class History {
 public:
  explicit History(std::size_t limit = 500) : limit_(limit) {}

  // An edit happened; `before` is the scene as it was, `version` its version. Clears the
  // redo steps.
  void record(Scene before, std::uint64_t version) {
    undo_.push_back({std::move(before), version});
    if (undo_.size() > limit_) undo_.erase(undo_.begin());
    redo_.clear();
  }

  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }

  // Replace `current` (and its `version`) with the scene before the last edit. False when
  // there is none.
  bool undo(Scene& current, std::uint64_t& version) { return step(undo_, redo_, current, version); }
  // Replace `current` (and its `version`) with the scene after the last undone edit. False
  // when there is none.
  bool redo(Scene& current, std::uint64_t& version) { return step(redo_, undo_, current, version); }

 private:
  struct Snapshot {
    Scene scene;
    std::uint64_t version = 0;
  };

  static bool step(std::vector<Snapshot>& from, std::vector<Snapshot>& to, Scene& current,
                   std::uint64_t& version) {
    if (from.empty()) return false;
    to.push_back({std::move(current), version});
    current = std::move(from.back().scene);
    version = from.back().version;
    from.pop_back();
    return true;
  }

  std::size_t limit_;
  std::vector<Snapshot> undo_;
  std::vector<Snapshot> redo_;
};

}  // namespace hitbox::app
