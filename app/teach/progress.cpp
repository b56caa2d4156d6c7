#include "teach/progress.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>
#include <utility>

#ifdef __EMSCRIPTEN__
#include "platform/web/web.h"
#endif

namespace hitbox::app {
namespace {

namespace fs = std::filesystem;

constexpr int kMaxTasks = 1000;  // more than any lesson holds: a larger count is corruption

}  // namespace

Progress::Progress(std::string path) : path_(std::move(path)) {
  if (path_.empty()) return;
#ifdef __EMSCRIPTEN__
  bool ok = true;
  const std::string text = web::storage_get(path_, &ok);
  if (!ok) {
    problem("Lesson progress: the browser's localStorage cannot be read; progress is not kept.");
    return;
  }
  if (text.empty()) return;
  const std::string where = "Lesson progress in localStorage (" + path_ + ")";
#else
  std::error_code ec;
  if (!fs::exists(path_, ec)) return;
  std::ifstream in(path_);
  std::stringstream ss;
  ss << in.rdbuf();
  if (!in) {
    problem("Lesson progress: cannot read " + path_ + "; starting afresh.");
    return;
  }
  const std::string text = ss.str();
  const std::string where = "Lesson progress file " + path_;
#endif
  const std::string wrong = from_json(text, &lessons_);
  if (!wrong.empty()) {
    lessons_.clear();
    problem(where + " is ignored: " + wrong + ".");
  }
}

std::string Progress::default_path() {
#ifdef __EMSCRIPTEN__
  return "hitbox.progress";
#else
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && xdg[0] == '/')
    return (fs::path(xdg) / "hitbox" / "progress.json").string();
  if (const char* home = std::getenv("HOME"); home != nullptr && home[0] != '\0')
    return (fs::path(home) / ".local" / "share" / "hitbox" / "progress.json").string();
  return "";
#endif
}

int Progress::done(const std::string& lesson) const {
  const auto it = lessons_.find(lesson);
  return it == lessons_.end() ? 0 : it->second.first;
}

int Progress::count(const std::string& lesson) const {
  const auto it = lessons_.find(lesson);
  return it == lessons_.end() ? 0 : it->second.second;
}

void Progress::record(const std::string& lesson, int done, int count) {
  if (lesson.empty() || count <= 0 || done < 0 || done > count || count > kMaxTasks) return;
  auto& kept = lessons_[lesson];
  if (kept.second == count && kept.first >= done) return;
  kept = {kept.second == count ? std::max(kept.first, done) : done, count};
  if (!path_.empty() && !write()) {
#ifdef __EMSCRIPTEN__
    problem(
        "Lesson progress: the browser's localStorage cannot be written; progress is kept "
        "until the page closes.");
#else
    problem("Lesson progress: cannot write " + path_ + "; progress is kept until Hitbox quits.");
#endif
  }
}

std::string Progress::take_problem() {
  std::string p;
  p.swap(problem_);
  return p;
}

void Progress::problem(const std::string& what) {
  if (reported_) return;  // once per run, whatever else goes wrong
  reported_ = true;
  problem_ = what;
}

std::string Progress::to_json() const {
  nlohmann::ordered_json lessons = nlohmann::ordered_json::object();
  for (const auto& [name, p] : lessons_) lessons[name] = {{"done", p.first}, {"of", p.second}};
  const nlohmann::ordered_json j = {{"version", 1}, {"lessons", lessons}};
  return j.dump(2) + "\n";
}

std::string Progress::from_json(const std::string& text,
                                std::map<std::string, std::pair<int, int>>* out) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error&) {
    return "not valid JSON";
  }
  if (!j.is_object() || !j.contains("version") || j["version"] != 1) return "\"version\" is not 1";
  if (!j.contains("lessons") || !j["lessons"].is_object()) return "\"lessons\" is not an object";
  for (const auto& item : j["lessons"].items()) {
    const std::string& name = item.key();
    const nlohmann::json& v = item.value();
    const auto number = [&](const char* key) {
      return v.is_object() && v.contains(key) && v[key].is_number_integer() ? v[key].get<int>()
                                                                            : -1;
    };
    const int done = number("done"), of = number("of");
    if (name.empty() || done < 0 || of <= 0 || done > of || of > kMaxTasks)
      return "lessons." + name + " is not {\"done\": N, \"of\": M} with 0 <= N <= M";
    (*out)[name] = {done, of};
  }
  return "";
}

bool Progress::write() const {
  const std::string text = to_json();
#ifdef __EMSCRIPTEN__
  return web::storage_set(path_, text);
#else
  std::error_code ec;
  fs::create_directories(fs::path(path_).parent_path(), ec);
  // Written beside and renamed over, so a crash mid-write leaves the old file whole.
  const std::string tmp = path_ + ".tmp";
  {
    std::ofstream f(tmp, std::ios::trunc);
    f << text;
    if (!f.good()) return false;
  }
  fs::rename(tmp, path_, ec);
  if (!ec) return true;
  fs::remove(tmp, ec);
  return false;
#endif
}

}  // namespace hitbox::app
