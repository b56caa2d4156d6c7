#!/usr/bin/env bash
# Installs and builds what the browser build needs, caching under build/web-deps/:
#   Debian packages (emscripten, chromium, dpkg-dev, node-acorn, GLM, nlohmann-json),
#   a deb-src entry for Debian's archive if none exists,
#   SDL 2.26.5 and Dear ImGui 1.86 from Debian's source packages (apt-get source), which the
#   browser build compiles (app/platform/web/web.cmake),
#   puppeteer-core for the browser tests (npm ci in tests/web/).
# Sourced by scripts/dev.sh; expects install_missing and as_root from it.
set -euo pipefail

WEB_PKGS=(emscripten node-acorn chromium dpkg-dev python3 cmake make libglm-dev nlohmann-json3-dev
  libstb-dev fonts-dejavu-core)
WEB_DEPS="$PWD/build/web-deps"
SDL_VERSION=2.26.5
IMGUI_VERSION=1.86

export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
export EMSDK_PYTHON=/usr/bin/python3
# Debian's emscripten ships its system libraries prebuilt in a frozen cache
# (/usr/share/emscripten/cache): no EM_CACHE of our own, it would start empty and frozen.
unset EM_CACHE

ensure_deb_src() {
  if grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    return
  fi
  echo "hitbox: adding a deb-src entry for Debian's archive (apt-get source)" >&2
  local f=/etc/apt/sources.list.d/hitbox-deb-src.sources
  as_root tee "$f" >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  as_root apt-get update -qq
}

# fetch_source PACKAGE VERSION DIRGLOB: unpack Debian's source package once
fetch_source() {
  local pkg=$1 version=$2 dir=$3
  if [ -d "$WEB_DEPS/src/$dir" ]; then return; fi
  ensure_deb_src
  mkdir -p "$WEB_DEPS/src"
  echo "hitbox: apt-get source $pkg ($version)" >&2
  (cd "$WEB_DEPS/src" && apt-get source -qq "$pkg" >/dev/null)
  local got
  got=$(cd "$WEB_DEPS/src" && ls -d "$pkg"-"$version"*/ 2>/dev/null | head -n1)
  if [ -z "$got" ]; then
    echo "hitbox: apt-get source $pkg did not give version $version:" >&2
    ls "$WEB_DEPS/src" >&2
    exit 1
  fi
  if [ "${got%/}" != "$dir" ]; then mv "$WEB_DEPS/src/${got%/}" "$WEB_DEPS/src/$dir"; fi
}

web_deps() {
  install_missing "${WEB_PKGS[@]}"
  mkdir -p "$WEB_DEPS"
  fetch_source libsdl2 "$SDL_VERSION" "libsdl2-$SDL_VERSION"
  fetch_source imgui "$IMGUI_VERSION" "imgui-$IMGUI_VERSION"
}

# puppeteer-core for the browser tests, pinned by tests/web/package-lock.json
web_test_deps() {
  install_missing chromium
  if ! command -v npm >/dev/null; then install_missing npm; fi
  if [ ! -d tests/web/node_modules/puppeteer-core ] ||
    [ tests/web/package-lock.json -nt tests/web/node_modules/.package-lock.json ]; then
    echo "hitbox: npm ci in tests/web (puppeteer-core)" >&2
    (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
  fi
}
