#!/bin/bash
# Screenshot comparison: renders every view in screens.txt offscreen (--no-timing, so the
# compare table shows no measured costs) and compares it pixel by pixel with the PNG in
# screens/, rendered before a change to the window's code. A pixel within 2 levels a channel
# of the expected one counts as the same (hitbox_png_probe --diff): llvmpipe rounds
# antialiased edges differently on other processors. Anything more is a change.
#
#   screens_test.sh HITBOX PNG_PROBE ASSETS_DIR OUT_DIR           compare
#   screens_test.sh HITBOX PNG_PROBE ASSETS_DIR OUT_DIR --update  write screens/ anew
#
# A view that differs is left in OUT_DIR as NAME.png beside the expected one, with the count
# and box of the differing pixels and the largest channel difference. Update screens/ only for a drawing changed on purpose, and
# say which in the commit.
set -u

abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
hitbox=$(abs "$1")
probe=$(abs "$2")
assets=$(abs "$3")
out=$(abs "$4")
update=${5:-}
here=$(cd "$(dirname "$0")" && pwd)
expected_dir=$here/screens

rm -rf "$out"
mkdir -p "$out"
export SDL_VIDEODRIVER=offscreen

failed=0
count=0
rounded=0
while read -r name sizes args; do
  case "$name" in '' | '#'*) continue ;; esac
  if [ "$sizes" = all ]; then sizes="800x600 1280x800 1920x1080"; fi
  for size in $sizes; do
    shot=${name}_${size}.png
    # shellcheck disable=SC2086  # args is a word list from screens.txt
    if ! (cd "$assets" && "$hitbox" $args --size "$size" --no-timing --screenshot "$out/$shot" \
      >"$out/$shot.log" 2>&1); then
      echo "FAIL $shot: hitbox exited with an error"
      cat "$out/$shot.log"
      failed=$((failed + 1))
      continue
    fi
    count=$((count + 1))
    if [ "$update" = --update ]; then
      cp "$out/$shot" "$expected_dir/$shot"
      continue
    fi
    if [ ! -f "$expected_dir/$shot" ]; then
      echo "FAIL $shot: no expected picture in $expected_dir"
      failed=$((failed + 1))
    elif ! result=$("$probe" --diff "$expected_dir/$shot" "$out/$shot"); then
      echo "FAIL $shot: $result"
      cp "$expected_dir/$shot" "$out/${name}_${size}.expected.png"
      failed=$((failed + 1))
    else
      if [ -n "$result" ]; then
        echo "ok   $shot: $result"
        rounded=$((rounded + 1))
      fi
      rm -f "$out/$shot" "$out/$shot.log"
    fi
  done
done <"$here/screens.txt"

if [ "$update" = --update ]; then
  echo "wrote $count pictures to $expected_dir"
  exit "$((failed > 0))"
fi
echo "$((count - failed)) of $count views as expected ($rounded of them with rounding only)"
[ "$failed" -eq 0 ]
