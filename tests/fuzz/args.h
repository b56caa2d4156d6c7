// An argument vector from fuzz input: one argument per line (NUL bytes dropped), at most 64,
// after the fixed leading arguments. For the command-line fuzzers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hitbox::fuzz {

struct Args {
  std::vector<std::string> words;
  std::vector<char*> argv;  // into words, ending with nullptr
  int argc() const { return static_cast<int>(words.size()); }
};

inline Args split_args(std::vector<std::string> lead, const std::uint8_t* data, std::size_t size) {
  Args a;
  a.words = std::move(lead);
  std::string cur;
  for (std::size_t i = 0; i < size && a.words.size() < 64; ++i) {
    const char c = static_cast<char>(data[i]);
    if (c == '\n') {
      a.words.push_back(cur);
      cur.clear();
    } else if (c != '\0') {
      cur += c;
    }
  }
  if (!cur.empty()) a.words.push_back(cur);
  for (std::string& w : a.words) a.argv.push_back(w.data());
  a.argv.push_back(nullptr);
  return a;
}

}  // namespace hitbox::fuzz
