#!/usr/bin/env bash
# `cpack -G DEB` from a build folder: the .deb's control fields (Depends from dpkg-shlibdeps),
# its files (program, scenes, lessons, sprites, menu entry, icon, man page, library), the
# unpacked program run from / on its own share/hitbox, and examples/ built against it.
#   deb_test.sh BUILD_DIR WORK_DIR SOURCE_DIR
set -euo pipefail
build=$1
work=$2
src=$3
rm -rf "$work"
mkdir -p "$work"

fail() { echo "FAIL: $*"; exit 1; }
for tool in cpack dpkg-deb desktop-file-validate; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (scripts/dev.sh test installs it)"
done

# ---- the package ----
cpack -G DEB -B "$work/pkg" --config "$build/CPackConfig.cmake" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; fail "cpack -G DEB"; }
version=$(sed -n 's/^project(hitbox VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
arch=$(dpkg --print-architecture)
deb="$work/pkg/hitbox_${version}_${arch}.deb"
test -f "$deb" || fail "no $(basename "$deb"); cpack wrote: $(ls "$work/pkg")"

# ---- control fields ----
field() { dpkg-deb -f "$deb" "$1"; }
expect_field() {  # NAME VALUE
  local got
  got=$(field "$1")
  [ "$got" = "$2" ] || fail "control field $1 is '$got', expected '$2'"
}
expect_field Package hitbox
expect_field Version "$version"
expect_field Architecture "$arch"
depends=$(field Depends)
# Versioned names of the linked libraries' packages: dpkg-shlibdeps filled them in.
grep -Eq '(^|, )libsdl2-2\.0-0 \(>= ' <<<"$depends" ||
  fail "Depends names no libsdl2-2.0-0 (>= ...), was dpkg-shlibdeps run? Depends: '$depends'"
grep -Eq '(^|, )libc6 \(>= ' <<<"$depends" ||
  fail "Depends names no libc6 (>= ...), was dpkg-shlibdeps run? Depends: '$depends'"

# ---- files ----
root="$work/root"
dpkg-deb -x "$deb" "$root"
usr="$root/usr"
has() {  # PATH-UNDER-/usr WHAT
  test -f "$usr/$1" || fail "the package has no /usr/$1 ($2)"
}
test -x "$usr/bin/hitbox" || fail "the package has no executable /usr/bin/hitbox"
has share/hitbox/scenes/example.json "the bundled scenes"
has share/hitbox/scenes/lessons/07_pixel_masks.json "the bundled lessons"
has share/hitbox/sprites/ship.png "the bundled sprites"

desktop="$usr/share/applications/hitbox.desktop"
has share/applications/hitbox.desktop "the menu entry"
# Hints (more than one main category) are fine; errors and warnings are not.
if ! desktop-file-validate "$desktop" >"$work/desktop.log" 2>&1 ||
  grep -Eq ': (error|warning):' "$work/desktop.log"; then
  cat "$work/desktop.log"; fail "desktop-file-validate rejects hitbox.desktop"
fi
for line in Name=Hitbox Exec=hitbox Icon=hitbox Terminal=false; do
  grep -qx "$line" "$desktop" || fail "hitbox.desktop has no line $line"
done
has share/icons/hicolor/scalable/apps/hitbox.svg "the icon the menu entry names"
grep -q '<svg' "$usr/share/icons/hicolor/scalable/apps/hitbox.svg" || fail "hitbox.svg is no SVG"

man="$usr/share/man/man1/hitbox.1.gz"
has share/man/man1/hitbox.1.gz "the man page"
zcat "$man" >"$work/hitbox.1" || fail "hitbox.1.gz is not gzip"
grep -q '^\.TH HITBOX "1"' "$work/hitbox.1" || fail "hitbox.1.gz is no section-1 man page"
grep -q "hitbox $version" "$work/hitbox.1" || fail "the man page does not say hitbox $version"
# a line of `hitbox --help`, as help2man copied it
grep -q "open a bundled lesson" "$work/hitbox.1" || fail "the man page lacks the --help text"

# The library (cmake/library.cmake): headers, CMake package, pkg-config. Under lib/ or, for a
# build configured with the prefix /usr, Debian's lib/<multiarch>/.
has include/hitbox/collide.h "the library's headers"
in_lib() { find "$usr/lib" -path "$1" -print -quit 2>/dev/null || true; }
[ -n "$(in_lib '*/cmake/hitbox/hitboxConfig.cmake')" ] ||
  fail "the package has no /usr/lib/.../cmake/hitbox/hitboxConfig.cmake (the CMake package)"
[ -n "$(in_lib '*/pkgconfig/hitbox-collide.pc')" ] ||
  fail "the package has no /usr/lib/.../pkgconfig/hitbox-collide.pc (pkg-config)"

# ---- the unpacked program, run from / with no source tree in reach ----
cd /
"$usr/bin/hitbox" --version >"$work/version.txt" 2>&1 || fail "hitbox --version exited $?"
[ "$(cat "$work/version.txt")" = "hitbox $version" ] ||
  fail "hitbox --version printed '$(cat "$work/version.txt")', expected 'hitbox $version'"

scene="$usr/share/hitbox/scenes/example.json"
if ! env -u DISPLAY -u WAYLAND_DISPLAY "$usr/bin/hitbox" query "$scene" >"$work/query.json" \
    2>"$work/query.err"; then
  cat "$work/query.err"; fail "hitbox query on the bundled example.json did not exit 0"
fi
# JSON with the scene's pairs, read by CMake's own JSON parser (no other tool needed).
cat >"$work/json_check.cmake" <<'EOF'
file(READ "${FILE}" text)
string(JSON pairs ERROR_VARIABLE err LENGTH "${text}" pairs)
if(err OR NOT pairs GREATER 0)
  message(FATAL_ERROR "not a JSON report with pairs: ${err}")
endif()
EOF
cmake -DFILE="$work/query.json" -P "$work/json_check.cmake" >"$work/json.log" 2>&1 ||
  { cat "$work/json.log" "$work/query.json"; fail "hitbox query printed no JSON report"; }

# A lesson by name: found in ../share/hitbox from /usr/bin, its sprites with it.
if ! SDL_VIDEODRIVER=offscreen "$usr/bin/hitbox" --lesson 07_pixel_masks --size 640x480 \
    --screenshot "$work/lesson.png" 2>"$work/lesson.err"; then
  cat "$work/lesson.err"; fail "the unpacked program could not open lesson 07 from share/hitbox"
fi
test -s "$work/lesson.png" || fail "no screenshot of lesson 07"

# ---- examples/, a project of its own, built against the unpacked package ----
test -f "$src/examples/CMakeLists.txt" || fail "no examples/CMakeLists.txt in $src"
# Sanitized static libraries would need the sanitizer runtime in the example (install.library
# skips these builds for that reason).
if grep -qx 'HITBOX_SANITIZE:BOOL=ON' "$build/CMakeCache.txt"; then
  echo "deb: example skipped (sanitized build)"
else
  cmake -S "$src/examples" -B "$work/example" -DCMAKE_PREFIX_PATH="$usr" \
    -DCMAKE_BUILD_TYPE=Release >"$work/example.log" 2>&1 ||
    { cat "$work/example.log"; fail "configuring examples/ against the package"; }
  grep -qF "hitbox_DIR:PATH=$usr/" "$work/example/CMakeCache.txt" ||
    fail "examples/ found another hitbox: $(grep '^hitbox_DIR' "$work/example/CMakeCache.txt")"
  cmake --build "$work/example" >>"$work/example.log" 2>&1 ||
    { cat "$work/example.log"; fail "building examples/ against the package"; }
  "$work/example/shapes_in_code" >"$work/example.out" || fail "the example exited $?"
  diff -u "$src/examples/expected_output.txt" "$work/example.out" ||
    fail "the example built against the package printed something else"
fi
echo "deb: ok"
