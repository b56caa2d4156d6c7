#!/usr/bin/env bash
# Runs every libFuzzer target in build/asan/tests/fuzz for a while each (default 60 s; set
# HITBOX_FUZZ_SECONDS=600 to run longer), two at a time, from the seed corpora: the files in
# tests/fuzz/corpus/<target>/ and the bundled scenes and sprites. New inputs they find go to
# build/asan/fuzz-corpus/<target>/, never into the source tree. A crash, a sanitizer report
# or an input slower than 5 s (a hang) fails the run (exit 1) and leaves the input in build/asan/fuzz-out/.
# Prints, per target, how long it ran and how many inputs it tried.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=${HITBOX_FUZZ_SECONDS:-60}
bin=build/asan/tests/fuzz
out=build/asan/fuzz-out
mkdir -p "$out"

seeds() {  # the read-only seed folders of a target
  case "$1" in
    fuzz_scene) echo tests/fuzz/corpus/scene assets/scenes tests/window/scenes ;;
    fuzz_png) echo tests/fuzz/corpus/png assets/sprites ;;
    fuzz_query_args) echo tests/fuzz/corpus/query_args ;;
    fuzz_window_args) echo tests/fuzz/corpus/window_args ;;
    fuzz_shapes) echo tests/fuzz/corpus/shapes ;;
    fuzz_sandbox) echo tests/fuzz/corpus/sandbox ;;
    fuzz_simulate) echo tests/fuzz/corpus/simulate ;;
    fuzz_link) echo tests/fuzz/corpus/link ;;
  esac
}

run_one() {
  local name=$1
  local work=build/asan/fuzz-corpus/$name
  mkdir -p "$work" "$out/$name"
  # shellcheck disable=SC2046
  ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    LSAN_OPTIONS=suppressions=$PWD/tests/fuzz/lsan.supp \
    "$bin/$name" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$out/$name/" "$work" $(seeds "$name") >"$out/$name.log" 2>&1
  local status=$?
  local runs
  runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$out/$name.log" | grep -Eo '[0-9]+$')
  if [ "$status" -eq 0 ]; then
    echo "fuzz: $name ran ${seconds} s, ${runs:-?} inputs, no failure"
  else
    echo "fuzz: $name FAILED (exit $status) after ${runs:-?} inputs; log: $out/$name.log"
    grep -E 'ERROR|fuzz:|SUMMARY|runtime error|Test unit written' "$out/$name.log" | head -20
  fi
  return "$status"
}

targets=()
for t in fuzz_scene fuzz_shapes fuzz_query_args fuzz_window_args fuzz_png fuzz_sandbox fuzz_simulate \
  fuzz_link; do
  [ -x "$bin/$t" ] && targets+=("$t")
done
if [ ${#targets[@]} -eq 0 ]; then
  echo "fuzz: no fuzzers in $bin (cmake --preset asan && cmake --build --preset asan)" >&2
  exit 1
fi

failed=0
pids=()
names=()
for t in "${targets[@]}"; do
  run_one "$t" &
  pids+=($!)
  names+=("$t")
  if [ ${#pids[@]} -eq 2 ]; then  # two cores: two at a time
    for p in "${pids[@]}"; do wait "$p" || failed=1; done
    pids=()
  fi
done
for p in "${pids[@]}"; do wait "$p" || failed=1; done
exit "$failed"
