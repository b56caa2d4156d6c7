// The `hitbox query` command line: argument vectors built from the input (one argument per
// line), through query_main as main() calls it. It must print an answer (0) or a message and
// exit 2, whatever the arguments; the scene files it may name are the bundled ones.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "args.h"
#include "cli/query.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // The answers and messages go nowhere; only crashes and sanitizer reports matter here.
  if (!std::freopen("/dev/null", "w", stdout)) return 0;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  hitbox::fuzz::Args args = hitbox::fuzz::split_args({"hitbox", "query"}, data, size);
  // Silence stderr for the call (the messages are checked by tests/cli_test.cpp).
  std::fflush(stderr);
  const int saved = dup(2);
  FILE* null = std::fopen("/dev/null", "w");
  if (null) dup2(fileno(null), 2);
  const int status = hitbox::app::query_main(args.argc(), args.argv.data());
  std::fflush(stderr);
  if (saved >= 0) {
    dup2(saved, 2);
    close(saved);
  }
  if (null) std::fclose(null);
  if (status != 0 && status != 2) {
    std::fprintf(stderr, "fuzz: query_main returned %d\n", status);
    __builtin_trap();
  }
  return 0;
}
