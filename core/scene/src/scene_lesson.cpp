// Scene files, pass 2: the lesson and its tasks (docs/scene-format.md, "Lessons", "Tasks").
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hitbox/task.h"
#include "scene_fields.h"

namespace hitbox::scene_detail {
namespace {

// A non-empty string at `field`.
std::string text_field(Checker& c, const json& j, const std::string& field) {
  if (!j.is_string()) c.fail(field, "must be a non-empty string, not " + describe(j));
  std::string s = j.get<std::string>();
  if (s.empty()) c.fail(field, "must not be empty");
  return s;
}

// "tasks": [{"task": "...", "when": "condition", "why": "..."}, ...] (task.h).
std::vector<LessonTask> read_tasks(Checker& c, const json& j) {
  if (!j.is_array()) {
    c.fail("lesson.tasks",
           "must be an array of {\"task\": ..., \"when\": ..., \"why\": ...}, not " + describe(j));
  }
  std::vector<LessonTask> tasks;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string at = "lesson.tasks[" + std::to_string(i) + "]";
    const json& t = j[i];
    if (!t.is_object()) {
      c.fail(at,
             "must be an object {\"task\": ..., \"when\": ..., \"why\": ...}, not " + describe(t));
    }
    for (const auto& item : t.items()) {
      if (item.key() != "task" && item.key() != "when" && item.key() != "why") {
        c.fail(at + "." + item.key(), "unknown key (a task has: task, when, why)");
      }
    }
    LessonTask task;
    for (const char* key : {"task", "when", "why"}) {
      const auto v = t.find(key);
      if (v == t.end()) c.fail(at + "." + key, "is required (a non-empty string)");
      const std::string_view k(key);
      std::string& dest = k == "task" ? task.task : k == "when" ? task.when : task.why;
      dest = text_field(c, *v, at + "." + key);
    }
    if (const std::string problem = parse_condition(task.when, task.condition); !problem.empty()) {
      c.fail(at + ".when", problem);
    }
    tasks.push_back(std::move(task));
  }
  return tasks;
}

}  // namespace

// "lesson": {"title": "...", "text": ["paragraph", ...], "try": "...", "tasks": [...]}.
Lesson read_lesson(Checker& c, const json& j) {
  c.set_shape("");
  if (!j.is_object()) {
    c.fail("lesson",
           "must be an object {\"title\": ..., \"text\": [...], \"try\": ...}, not " + describe(j));
  }
  for (const auto& item : j.items()) {
    const std::string& k = item.key();
    if (k != "title" && k != "text" && k != "try" && k != "tasks") {
      c.fail("lesson." + k, "unknown key (a lesson has: title, text, try, tasks)");
    }
  }
  Lesson l;
  const auto title = j.find("title");
  if (title == j.end()) c.fail("lesson.title", "is required (a non-empty string)");
  l.title = text_field(c, *title, "lesson.title");
  const auto text = j.find("text");
  if (text == j.end()) c.fail("lesson.text", "is required (an array of paragraphs)");
  if (!text->is_array() || text->empty()) {
    c.fail("lesson.text",
           "must be a non-empty array of paragraph strings, not " + Checker::shape_of(*text));
  }
  for (std::size_t i = 0; i < text->size(); ++i) {
    l.text.push_back(text_field(c, (*text)[i], "lesson.text[" + std::to_string(i) + "]"));
  }
  if (const auto t = j.find("try"); t != j.end()) l.try_this = text_field(c, *t, "lesson.try");
  if (const auto t = j.find("tasks"); t != j.end()) l.tasks = read_tasks(c, *t);
  return l;
}

}  // namespace hitbox::scene_detail
