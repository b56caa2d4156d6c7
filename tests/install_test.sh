#!/usr/bin/env bash
# `cmake --install` into a fresh prefix, then the installed program run from / (no source
# tree in reach): it opens a bundled lesson whose sprites it loads from share/hitbox, and
# once share/hitbox is gone it says which lesson folder it looked in and exits 2.
#   install_test.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=$1
work=$2
rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
test -x "$prefix/bin/hitbox" || { echo "FAIL: no bin/hitbox"; exit 1; }
test -f "$prefix/share/hitbox/scenes/lessons/07_pixel_masks.json" || { echo "FAIL: no lessons"; exit 1; }
test -f "$prefix/share/hitbox/sprites/ship.png" || { echo "FAIL: no sprites"; exit 1; }

cd /
export SDL_VIDEODRIVER=offscreen
if ! "$prefix/bin/hitbox" --lesson 07_pixel_masks --screenshot "$work/lesson7.png" --size 800x600 \
    2>"$work/err.txt"; then
  echo "FAIL: the installed program could not open lesson 07:"; cat "$work/err.txt"; exit 1
fi
test -s "$work/lesson7.png" || { echo "FAIL: no screenshot"; exit 1; }

# Moved elsewhere with its share/ folder, it still finds its assets.
mv "$prefix" "$work/moved"
"$work/moved/bin/hitbox" --lesson 01_rotated_rectangles --screenshot "$work/lesson1.png" \
  --size 800x600 || { echo "FAIL: after moving the prefix"; exit 1; }

# Without its assets it refuses, naming where it looked.
rm -rf "$work/moved/share/hitbox"
set +e
"$work/moved/bin/hitbox" --lesson 01_rotated_rectangles --screenshot "$work/none.png" 2>"$work/err.txt"
code=$?
set -e
if [ "$code" -ne 2 ] || ! grep -q "no lesson '01_rotated_rectangles'" "$work/err.txt"; then
  echo "FAIL: expected exit 2 naming the lesson, got $code:"; cat "$work/err.txt"; exit 1
fi
echo "install: ok"
