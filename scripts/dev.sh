#!/usr/bin/env bash
# Hitbox's two commands (see README.md):
#   bash scripts/dev.sh run   installs what is missing, builds (Release) and starts Hitbox
#   bash scripts/dev.sh test  installs what is missing, builds and runs every test: the suite
#                             under the GCC release build, then under Clang with
#                             AddressSanitizer + UndefinedBehaviorSanitizer (the asan preset),
#                             and every libFuzzer target for 60 s (HITBOX_FUZZ_SECONDS), then
#                             the browser build and its tests in headless chromium
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
TEST_PKGS=(xvfb xdotool xauth clang clang-format libclang-rt-14-dev desktop-file-utils file)

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

# the browser build: dependencies cached under build/web-deps, output in build/web; then
# lessons.html beside index.html, with screenshots the native release binary takes offscreen
build_web() {
  # shellcheck source=scripts/web_deps.sh
  source scripts/web_deps.sh
  web_deps
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
  build_web
  web_test_deps
  cmake --build --preset release --target hitbox_png_probe
  node tests/web/browser_test.mjs
}

case "${1:-}" in
  run)
    shift
    install_missing "${BUILD_PKGS[@]}"
    build
    exec build/release/hitbox "$@"
    ;;
  test)
    install_missing "${BUILD_PKGS[@]}" "${TEST_PKGS[@]}"
    build
    ctest --preset release -j2
    cmake --preset asan >/dev/null
    cmake --build --preset asan
    bash scripts/fuzz.sh
    ctest --preset asan -j2
    test_web
    ;;
  web)
    install_missing "${BUILD_PKGS[@]}"  # the native binary takes lessons.html's screenshots
    build_web
    port=${HITBOX_WEB_PORT:-8000}
    bind=${HITBOX_WEB_BIND:-127.0.0.1}  # 0.0.0.0 serves the class on the local network
    echo "hitbox: serving build/web at http://localhost:$port/ (Ctrl-C stops);" \
      "the lessons: http://localhost:$port/lessons.html"
    exec python3 -m http.server "$port" --bind "$bind" --directory build/web
    ;;
  test-web)
    test_web
    ;;
  *)
    echo "usage: bash scripts/dev.sh run|test|web|test-web" >&2
    exit 2
    ;;
esac
