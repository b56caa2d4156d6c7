#!/usr/bin/env bash
# The core as a library: `cmake --install` into a fresh prefix, then examples/ built as a
# project of its own with find_package(hitbox), and again with pkg-config, each run and its
# output compared with examples/expected_output.txt; both once more after moving the prefix.
#   library_test.sh BUILD_DIR WORK_DIR SOURCE_DIR CXX
set -euo pipefail
build=$1
work=$2
src=$3
cxx=$4
rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null

fail() { echo "FAIL: $*"; exit 1; }
test -f "$prefix/include/hitbox/hitbox.h" || fail "no include/hitbox/hitbox.h"
test -f "$prefix/include/hitbox/detail/lanes.h" || fail "no include/hitbox/detail/"
for lib in collide scene sim; do
  ls "$prefix"/lib*/libhitbox_$lib.a >/dev/null 2>&1 || fail "no libhitbox_$lib.a"
  ls "$prefix"/lib*/pkgconfig/hitbox-$lib.pc >/dev/null 2>&1 || fail "no hitbox-$lib.pc"
done
for h in "$prefix"/include/hitbox/detail/*.h; do
  grep -q "Not part of the API" "$h" || fail "$(basename "$h") does not say it is not API"
done
# hitbox::collide is GLM and the standard library: no JSON in its headers or its link.
if grep -l nlohmann "$prefix"/include/hitbox/*.h "$prefix"/include/hitbox/detail/*.h; then
  fail "an installed header names nlohmann"
fi
if grep -q nlohmann "$prefix"/lib*/cmake/hitbox/*.cmake; then
  fail "the CMake package links nlohmann-json"
fi

check_example() {  # PREFIX NAME
  local p=$1 name=$2
  cmake -S "$src/examples" -B "$work/$name-cmake" -DCMAKE_PREFIX_PATH="$p" \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release >"$work/$name-cmake.log" 2>&1 ||
    { cat "$work/$name-cmake.log"; fail "$name: configuring the example against the package"; }
  cmake --build "$work/$name-cmake" >>"$work/$name-cmake.log" 2>&1 ||
    { cat "$work/$name-cmake.log"; fail "$name: building the example"; }
  "$work/$name-cmake/shapes_in_code" >"$work/$name-cmake.out"
  diff -u "$src/examples/expected_output.txt" "$work/$name-cmake.out" ||
    fail "$name: the CMake-built example printed something else"

  local pc_path
  pc_path=$(echo "$p"/lib*/pkgconfig)
  # shellcheck disable=SC2046
  "$cxx" -O2 -o "$work/$name-pc" "$src/examples/shapes_in_code.cpp" \
    $(PKG_CONFIG_PATH="$pc_path" pkg-config --cflags --libs hitbox-collide) ||
    fail "$name: building the example with pkg-config"
  "$work/$name-pc" >"$work/$name-pc.out"
  diff -u "$src/examples/expected_output.txt" "$work/$name-pc.out" ||
    fail "$name: the pkg-config-built example printed something else"
}
check_example "$prefix" installed
mv "$prefix" "$work/moved"
check_example "$work/moved" moved
echo "library: ok"
