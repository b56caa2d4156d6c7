#!/usr/bin/env bash
# Hitbox's two commands (see README.md):
#   bash scripts/dev.sh run   installs what is missing, builds (Release) and starts Hitbox
#   bash scripts/dev.sh test  installs what is missing, builds and runs every test: the suite
#                             under the GCC release build, the browser build and its tests in
#                             headless chromium, then the suite under Clang with
#                             AddressSanitizer + UndefinedBehaviorSanitizer (the asan preset)
#                             and every libFuzzer target for 60 s (HITBOX_FUZZ_SECONDS)
#   bash scripts/dev.sh web   installs what is missing, builds Hitbox to WebAssembly into
#                             build/web/ (static files, with lessons.html: every lesson with
#                             a screenshot) and serves it on a local port
#   bash scripts/dev.sh test-web  builds the web version and runs the browser tests alone
# Works as root or as a user with sudo on Debian 12.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

BUILD_PKGS=(build-essential cmake pkg-config libsdl2-dev libimgui-dev libglm-dev libstb-dev
  nlohmann-json3-dev libgtest-dev libbenchmark-dev libbox2d-dev libgl-dev libegl-dev libgl1-mesa-dri
  libegl-mesa0 fonts-dejavu-core help2man)
TEST_PKGS=(xvfb xdotool xauth clang clang-format libclang-rt-14-dev desktop-file-utils file
  python3 librsvg2-bin)

as_root() {
  if [ "$(id -u)" -ne 0 ]; then sudo "$@"; else "$@"; fi
}

install_missing() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    echo "hitbox: installing ${missing[*]}" >&2
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
      "${missing[@]}"
  fi
}

build() {
  cmake --preset release >/dev/null
  cmake --build --preset release
}

# shellcheck source=scripts/web_deps.sh
source scripts/web_deps.sh

# the browser build, its dependencies fetched (web_deps) and cached under build/web-deps, output
# in build/web; then lessons.html beside index.html, with screenshots the native release binary
# takes offscreen
build_web() {
  emcmake cmake -S . -B build/web-build -DCMAKE_BUILD_TYPE=Release -DHITBOX_WEB=ON \
    -DHITBOX_WEB_DEPS="$WEB_DEPS" -DHITBOX_WEB_OUT="$PWD/build/web" >/dev/null
  cmake --build build/web-build -j"$(nproc)"
  cmake --preset release >/dev/null
  cmake --build --preset release --target hitbox
  python3 scripts/lessons_page.py --lessons assets/scenes/lessons --hitbox build/release/hitbox \
    --out build/web
}

# the browser tests check screenshots with the desktop tests' pixel probe
test_web() {
  install_missing "${BUILD_PKGS[@]}"
  web_deps
  build_web
  web_test_deps
  cmake --build --preset release --target hitbox_png_probe
  node tests/web/browser_test.mjs
}

# Software rendering for every window test, whatever the machine: llvmpipe, even where a GPU's
# EGL device would come first (the screenshots are llvmpipe's), and without
# LP_NATIVE_VECTOR_WIDTH (docs/testing.md).
test_env() {
  export LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe
  unset LP_NATIVE_VECTOR_WIDTH
}

# PHASE NAME: prints how long the phase before took, for the run's summary.
phase_start=$SECONDS
phases=()
phase() {
  phases+=("$(printf '%-28s %3d:%02d' "$phase_name" $(((SECONDS - phase_start) / 60)) \
    $(((SECONDS - phase_start) % 60)))")
  phase_name=$1
  phase_start=$SECONDS
}

# The whole suite. Two cores: what waits on the network or on chromium runs beside a build.
#   1. the browser's packages, sources and puppeteer download in the background, beside
#      the release build and its tests;
#   2. the browser build (SDL2, Dear ImGui and Hitbox with emcc);
#   3. the browser tests, which mostly wait on chromium, beside the asan build;
#   4. the fuzzers, two at a time, then the suite under the sanitizers.
run_tests() {
  test_env
  mkdir -p build
  phase_name="install"
  install_missing "${BUILD_PKGS[@]}" "${TEST_PKGS[@]}"
  (web_deps && web_test_deps) >build/web-deps.log 2>&1 &
  local fetch=$!
  phase "release build"
  build
  phase "release tests"
  ctest --preset release -j2
  phase "browser deps (waited for)"
  if ! wait "$fetch"; then
    echo "hitbox: the browser's dependencies failed:" >&2
    tail -n 40 build/web-deps.log >&2
    exit 1
  fi
  phase "browser build"
  build_web
  phase "asan build + browser tests"
  node tests/web/browser_test.mjs >build/web-test.log 2>&1 &
  local browser=$!
  cmake --preset asan >/dev/null
  cmake --build --preset asan
  local browser_status=0
  wait "$browser" || browser_status=$?
  cat build/web-test.log
  if [ "$browser_status" -ne 0 ]; then
    echo "hitbox: the browser tests failed (build/web-test.log)" >&2
    exit 1
  fi
  phase "fuzzers"
  bash scripts/fuzz.sh
  phase "asan tests"
  ctest --preset asan -j2
  phase "done"
  printf 'hitbox: phases (min:s)\n'
  printf '  %s\n' "${phases[@]}"
}

case "${1:-}" in
  run)
    shift
    install_missing "${BUILD_PKGS[@]}"
    build
    exec build/release/hitbox "$@"
    ;;
  test)
    run_tests
    ;;
  web)
    install_missing "${BUILD_PKGS[@]}"  # the native binary takes lessons.html's screenshots
    web_deps
    build_web
    port=${HITBOX_WEB_PORT:-8000}
    bind=${HITBOX_WEB_BIND:-127.0.0.1}  # 0.0.0.0 serves the class on the local network
    echo "hitbox: serving build/web at http://localhost:$port/ (Ctrl-C stops);" \
      "the lessons: http://localhost:$port/lessons.html"
    exec python3 -m http.server "$port" --bind "$bind" --directory build/web
    ;;
  test-web)
    test_env
    test_web
    ;;
  *)
    echo "usage: bash scripts/dev.sh run|test|web|test-web" >&2
    exit 2
    ;;
esac
