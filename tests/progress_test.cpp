// Lesson progress (app/teach/progress.h): the file round-trips, keeps the most tasks met, and
// a corrupt or unwritable file is reported once and ignored. Every file is in a temp folder:
// no test writes to the real home.
#include "teach/progress.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "support/run_binary.h"

namespace hitbox::app {
namespace {

namespace fs = std::filesystem;

// A fresh folder for one test.
fs::path temp_dir(const std::string& name) {
  const fs::path dir = fs::path(test::out_path("progress", name)).parent_path() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write_text(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::trunc) << text;
}

// Sets an environment variable for the test's scope, and puts back the old value.
class EnvVar {
 public:
  EnvVar(const char* name, const std::optional<std::string>& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value)
      setenv(name, value->c_str(), 1);
    else
      unsetenv(name);
  }
  ~EnvVar() {
    if (old_)
      setenv(name_, old_->c_str(), 1);
    else
      unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(Progress, TheFileRoundTrips) {
  const fs::path file = temp_dir("roundtrip") / "sub" / "progress.json";
  {
    Progress p(file.string());
    EXPECT_EQ(p.take_problem(), "");  // no file yet: nothing to report
    p.record("06_early_outs", 2, 3);
    p.record("01_rotated_rectangles", 1, 2);
    EXPECT_EQ(p.take_problem(), "");
  }
  // The file as another reader sees it.
  const nlohmann::json j = nlohmann::json::parse(test::slurp(file.string()));
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["lessons"]["06_early_outs"]["done"], 2);
  EXPECT_EQ(j["lessons"]["06_early_outs"]["of"], 3);
  EXPECT_EQ(j["lessons"]["01_rotated_rectangles"]["done"], 1);
  EXPECT_FALSE(fs::exists(file.string() + ".tmp"));

  Progress again(file.string());
  EXPECT_EQ(again.take_problem(), "");
  EXPECT_EQ(again.done("06_early_outs"), 2);
  EXPECT_EQ(again.count("06_early_outs"), 3);
  EXPECT_EQ(again.done("01_rotated_rectangles"), 1);
  EXPECT_EQ(again.done("12_bounce_slide_stick"), 0);
  EXPECT_EQ(again.count("12_bounce_slide_stick"), 0);
}

TEST(Progress, KeepsTheMostTasksMet) {
  const fs::path file = temp_dir("most") / "progress.json";
  Progress p(file.string());
  p.record("03_polygon_sat_mtd", 2, 3);
  p.record("03_polygon_sat_mtd", 1, 3);  // started over: the best stays
  EXPECT_EQ(p.done("03_polygon_sat_mtd"), 2);
  p.record("03_polygon_sat_mtd", 1, 4);  // the lesson gained a task: counted afresh
  EXPECT_EQ(p.done("03_polygon_sat_mtd"), 1);
  EXPECT_EQ(p.count("03_polygon_sat_mtd"), 4);
  p.record("03_polygon_sat_mtd", 5, 4);  // more than there are: refused
  EXPECT_EQ(p.done("03_polygon_sat_mtd"), 1);
  EXPECT_EQ(Progress(file.string()).count("03_polygon_sat_mtd"), 4);
}

TEST(Progress, ACorruptFileIsIgnoredWithOneMessage) {
  const fs::path dir = temp_dir("corrupt");
  const struct {
    const char* text;
    const char* why;
  } cases[] = {
      {"{\"version\": 1, \"lessons\": {", "not valid JSON"},
      {"[]", "\"version\" is not 1"},
      {"{\"version\": 2, \"lessons\": {}}", "\"version\" is not 1"},
      {"{\"version\": 1, \"lessons\": []}", "\"lessons\" is not an object"},
      {"{\"version\": 1, \"lessons\": {\"a\": {\"done\": 3, \"of\": 2}}}", "lessons.a is not"},
      {"{\"version\": 1, \"lessons\": {\"a\": {\"done\": \"1\", \"of\": 2}}}", "lessons.a is not"},
      {"{\"version\": 1, \"lessons\": {\"a\": 2}}", "lessons.a is not"},
  };
  for (const auto& c : cases) {
    const fs::path file = dir / "progress.json";
    write_text(file, c.text);
    Progress p(file.string());
    const std::string message = p.take_problem();
    EXPECT_NE(message.find(file.string()), std::string::npos) << c.text << ": " << message;
    EXPECT_NE(message.find(c.why), std::string::npos) << c.text << ": " << message;
    EXPECT_EQ(p.take_problem(), "") << c.text;  // once
    EXPECT_EQ(p.done("a"), 0);
    // The lessons go on: progress is kept again from here, over the corrupt file.
    p.record("a", 1, 2);
    EXPECT_EQ(p.take_problem(), "");
    EXPECT_EQ(Progress(file.string()).done("a"), 1) << c.text;
  }
}

TEST(Progress, AnUnwritableFileIsReportedOnce) {
  const fs::path dir = temp_dir("unwritable");
  write_text(dir / "a_file", "");
  const fs::path file = dir / "a_file" / "progress.json";  // a folder that cannot be made
  Progress p(file.string());
  EXPECT_EQ(p.take_problem(), "");
  p.record("06_early_outs", 1, 3);
  const std::string message = p.take_problem();
  EXPECT_NE(message.find("cannot write " + file.string()), std::string::npos) << message;
  p.record("06_early_outs", 2, 3);
  EXPECT_EQ(p.take_problem(), "");        // once
  EXPECT_EQ(p.done("06_early_outs"), 2);  // still kept while running
}

TEST(Progress, WithoutAPathNothingIsWritten) {
  Progress p("");
  p.record("06_early_outs", 1, 3);
  EXPECT_EQ(p.done("06_early_outs"), 1);
  EXPECT_EQ(p.take_problem(), "");
}

TEST(Progress, TheDefaultFileIsInTheUsersDataFolder) {
  const fs::path dir = temp_dir("xdg");
  {
    const EnvVar xdg("XDG_DATA_HOME", (dir / "data").string());
    EXPECT_EQ(Progress::default_path(), (dir / "data" / "hitbox" / "progress.json").string());
  }
  {
    const EnvVar xdg("XDG_DATA_HOME", std::nullopt);
    const EnvVar home("HOME", (dir / "home").string());
    EXPECT_EQ(Progress::default_path(),
              (dir / "home" / ".local" / "share" / "hitbox" / "progress.json").string());
    const EnvVar relative("XDG_DATA_HOME", "relative/dir");  // not absolute: ignored (XDG)
    EXPECT_EQ(Progress::default_path(),
              (dir / "home" / ".local" / "share" / "hitbox" / "progress.json").string());
  }
  {
    const EnvVar xdg("XDG_DATA_HOME", std::nullopt);
    const EnvVar home("HOME", std::nullopt);
    EXPECT_EQ(Progress::default_path(), "");
  }
}

}  // namespace
}  // namespace hitbox::app
