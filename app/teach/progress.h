// Progress through the lessons, kept between runs: how many of each lesson's tasks were met
// (the most ever, with the lesson's task count), for the Lessons menu's "3 of 4". Stored in
// $XDG_DATA_HOME/hitbox/progress.json (else ~/.local/share/hitbox/progress.json); in the
// browser in localStorage. A corrupt or unwritable store is reported once and then ignored:
// it never keeps a lesson from opening.
#pragma once

#include <map>
#include <string>

namespace hitbox::app {

class Progress {
 public:
  // Reads the store at `path` ("": keep nothing, as screenshots and tests that do not ask).
  // In the browser build `path` is the localStorage key instead.
  explicit Progress(std::string path);
  // Where progress is kept by default: the file under $XDG_DATA_HOME or ~/.local/share, or
  // "" when neither variable is set; in the browser, the localStorage key.
  static std::string default_path();

  // Tasks met of `lesson` (its file name without .json), and the task count they were of;
  // 0 and 0 when nothing is kept.
  int done(const std::string& lesson) const;
  int count(const std::string& lesson) const;
  // Keeps `done` of `count` for `lesson` when more are met than kept (or the count changed),
  // and writes the store.
  void record(const std::string& lesson, int done, int count);

  // The one report of a corrupt or unwritable store, once; "" otherwise and afterwards.
  std::string take_problem();

  // The store's text for what is kept, and what a text holds ("" or what is wrong).
  std::string to_json() const;
  static std::string from_json(const std::string& text,
                               std::map<std::string, std::pair<int, int>>* out);

 private:
  void problem(const std::string& what);
  bool write() const;

  std::string path_;
  std::map<std::string, std::pair<int, int>> lessons_;  // name -> (done, count)
  std::string problem_;
  bool reported_ = false;
};

}  // namespace hitbox::app
