#!/bin/bash
# File > Copy link driven like a user: hitbox runs a scene under Xvfb and xdotool clicks File,
# then Copy link. The window prints the link it put on the clipboard ("hitbox: link URL" on
# stdout); `hitbox link --decode` reads it back as the scene's text, with the sprite of the
# user's own left out and said so on stderr.
#
#   link_copy_test.sh HITBOX SOURCE_DIR OUT_DIR
#
# Exit status 77 (skipped) when xvfb-run or xdotool is missing.
set -u

hitbox=$1
source_dir=$2
probe=""  # unused: the window's own line is checked
out=$3

source "$(dirname "$0")/xdo_lib.sh"
xvfb_enter "$0" "$@"

# The scene, with the state Save writes (view, algorithms, focus, accuracy) so that the
# window's camera and settings are the file's; "own" is a copy of ring.png outside the bundle.
cp "$source_dir/assets/sprites/ring.png" "$out/own.png"
shapes='{"id": "a", "kind": "rect", "pos": [300, 300], "size": [120, 80]},
  {"id": "b", "kind": "circle", "pos": [380, 320], "radius": 50},
  {"id": "ring", "kind": "sprite", "pos": [700, 300], "image": "'"$source_dir"'/assets/sprites/ring.png"}'
head='"version": 1, "view": {"origin": [-20, -40], "zoom": 1.5}, "algorithms": ["sat", "mtd"],
  "focus": ["a", "b"], "accuracy": 1'
echo "{$head, \"shapes\": [$shapes,
  {\"id\": \"own\", \"kind\": \"sprite\", \"pos\": [900, 300], \"image\": \"own.png\"}]}" \
  >"$out/shared.json"
echo "{$head, \"shapes\": [$shapes]}" >"$out/expected.json"
start_args=(--scene "$out/shared.json")

case_copy() {
  start_hitbox copy >"$out/copy.out" || return 1
  click_at 25 9    # File
  click_at 42 106  # Copy link
  local i
  for i in $(seq 1 50); do
    grep -q '^hitbox: link ' "$out/copy.out" && break
    sleep 0.1
  done
  stop_hitbox copy || return 1
  local link
  link=$(sed -n 's/^hitbox: link //p' "$out/copy.out" | head -n 1)
  if [ -z "$link" ]; then
    echo "FAIL copy: no 'hitbox: link' line; stdout:"
    cat "$out/copy.out"
    return 1
  fi
  if ! grep -q 'left out sprite "own": its image is not a bundled sprite' "$out/copy.err"; then
    echo "FAIL copy: the sprite left out is not said on stderr:"
    cat "$out/copy.err"
    return 1
  fi
  "$hitbox" link --decode "$link" >"$out/copied.json" 2>"$out/decode.err" || {
    echo "FAIL copy: the link does not decode: $(cat "$out/decode.err")"
    return 1
  }
  "$hitbox" link --decode "$("$hitbox" link "$out/expected.json")" >"$out/expected_text.json"
  if ! cmp -s "$out/copied.json" "$out/expected_text.json"; then
    echo "FAIL copy: the copied link's scene differs from the file's:"
    diff "$out/expected_text.json" "$out/copied.json"
    return 1
  fi
  echo "File > Copy link gave the scene's text, the user's sprite left out"
}

run_case case_copy
finish "copy link"
