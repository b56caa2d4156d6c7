// Running the real hitbox binary from a test: a temp folder of the test process's own (ctest
// runs tests in parallel processes), and a shell command with its stdout, stderr and exit
// status captured. Shared by the command-line, window, compare and step-mode tests.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace hitbox::test {

struct RunResult {
  int status = -1;  // the exit status, -1 when the command did not exit normally
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// A file `name` in `folder`_<pid> under gtest's temp dir (the folder is created).
inline std::string out_path(const std::string& folder, const std::string& name) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / (folder + "_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

// Runs a shell command line with no standard input, capturing its output in `folder`.
inline RunResult run_command(const std::string& command, const std::string& folder) {
  const std::string out = out_path(folder, "stdout.txt");
  const std::string err = out_path(folder, "stderr.txt");
  const int raw = std::system((command + " >" + out + " 2>" + err + " </dev/null").c_str());
  RunResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

}  // namespace hitbox::test
