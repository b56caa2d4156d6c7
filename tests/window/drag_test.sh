#!/bin/bash
# The window driven like a user: hitbox runs under Xvfb, xdotool drags a shape onto another
# (and pans and zooms), and on SIGTERM hitbox writes its last frame (--screenshot-on-exit),
# which hitbox_png_probe checks pixel by pixel.
#
#   drag_test.sh HITBOX PNG_PROBE TEST_DIR OUT_DIR
#
# Scene (TEST_DIR/scenes/drag.json): rect a at (200,300) and rect b at (600,300), both 120x80,
# focus pair a:b, SAT. World pixel = window pixel until the view is panned or zoomed.
# Exit status 77 (skipped) when xvfb-run or xdotool is missing.
set -u

hitbox=$1
probe=$2
test_dir=$3
out=$4

source "$(dirname "$0")/xdo_lib.sh"
xvfb_enter "$0" "$@"

# The scene and flags of start_hitbox (xdo_lib.sh): drag.json, focus a:b, SAT, no panels,
# world pixel = window pixel.
default_args=(--scene "$test_dir/scenes/drag.json" --focus a:b --algo sat --no-ui --view 0,0,1)
start_args=("${default_args[@]}")

# drag BUTTON X0 Y0 X1 Y1: press, move in steps, release (window coordinates).
drag() {
  local button=$1 x0=$2 y0=$3 x1=$4 y1=$5 steps=12 i
  xdotool mousemove --window "$wid" "$x0" "$y0"
  sleep 0.1
  xdotool mousedown "$button"
  sleep 0.1
  for i in $(seq 1 "$steps"); do
    xdotool mousemove --window "$wid" $((x0 + (x1 - x0) * i / steps)) $((y0 + (y1 - y0) * i / steps))
    sleep 0.05
  done
  sleep 0.1
  xdotool mouseup "$button"
  sleep 0.2
}

# 1. Drag a by a point inside it until it overlaps b: a moves, both show the hit colour.
#    a's centre goes from (200,300) to (540,300): a spans x 480..600, b 600..660 on its own.
case_drag() {
  start_hitbox drag || return 1
  drag 1 220 320 560 320
  stop_hitbox drag || return 1
  check drag 163,277=background 513,333=hit 647,333=hit 567,333!=single
}

# 2. The same drag with auto-resolve moving A: a is pushed out of b and stays outside,
#    touching it (a spans 420..540): the pixels right of x=540 show b's fill alone.
case_resolve() {
  start_hitbox resolve --auto-resolve move-a || return 1
  drag 1 220 320 560 320
  stop_hitbox resolve || return 1
  check resolve 163,277=background 453,333=single 513,333=single 567,333=single 647,333=single
}

# 3. Right drag on empty space pans: the world moves with the pointer (+100 px in x).
case_pan() {
  start_hitbox pan || return 1
  drag 3 800 600 900 600
  stop_hitbox pan || return 1
  check pan 163,277=background 263,277=idle 353,333=idle
}

# 4. The wheel zooms about the cursor: three notches up over a's centre grow it in place
#    (x1.15 each: a spans about 109..291 x 239..361, so points just outside it now show it).
case_zoom() {
  start_hitbox zoom || return 1
  xdotool mousemove --window "$wid" 200 300
  sleep 0.1
  xdotool click --repeat 3 --delay 80 4
  sleep 0.2
  stop_hitbox zoom || return 1
  check zoom 120,250=idle 280,350=idle 400,150=background
}

# 5. Keys: after a pan, Home puts the view back (a at its place again), and Tab shows the
#    panels that --no-ui hid (the sandbox's main panel sits at the top right; nothing of the
#    scene is there).
case_keys() {
  start_hitbox keys || return 1
  drag 3 800 600 900 600
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
  xdotool key --clearmodifiers Home
  sleep 0.2
  xdotool key --clearmodifiers Tab
  sleep 0.3
  stop_hitbox keys || return 1
  check keys 163,277=idle 353,333=background 1213,113!=background 1113,213!=background
}

# 6. "+ Sprite" (Tab shows the panels; the button sits in the main panel, docked on the
#    right) adds the first PNG of assets/sprites (blob256.png, 256x256) in the middle of the
#    free area left of the panel (454,394); Ctrl+Z takes it away again. Points on the blob's body (up left of its
#    centre, clear of its decorations and of the SAT lanes) show the sprite, then the
#    background.
case_sprite() {
  start_hitbox sprite || return 1
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
  xdotool key --clearmodifiers Tab
  sleep 0.3
  xdotool mousemove --window "$wid" 936 101
  sleep 0.1
  xdotool click 1
  sleep 0.3
  stop_hitbox sprite || return 1
  check sprite 389,349!=background 399,366!=background 713,163=background
  start_hitbox sprite_undo || return 1
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
  xdotool key --clearmodifiers Tab
  sleep 0.3
  xdotool mousemove --window "$wid" 936 101
  sleep 0.1
  xdotool click 1
  sleep 0.3
  xdotool mousemove --window "$wid" 640 120
  sleep 0.1
  xdotool key --clearmodifiers ctrl+z
  sleep 0.3
  stop_hitbox sprite_undo || return 1
  check sprite_undo 389,349=background 399,366=background
}

# 7. The ray tool (R): a ray dragged from (60,300) to (760,300) hits a's left edge at x=140
#    and b's at x=540; each hit is marked with a dot in the hit colour.
case_ray() {
  start_hitbox ray || return 1
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
  xdotool key --clearmodifiers r
  sleep 0.2
  drag 1 60 300 760 300
  stop_hitbox ray || return 1
  check ray 140,300=ray_hit 540,300=ray_hit 400,300!=ray_hit
}

# 8. The slice tool (C): a line dragged down through a at x=200 cuts it in two; dragging the
#    left piece down then leaves the background where it was and the right piece in place.
case_slice() {
  start_hitbox slice || return 1
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
  xdotool key --clearmodifiers c
  sleep 0.2
  drag 1 200 200 200 420
  xdotool key --clearmodifiers c
  sleep 0.2
  drag 1 160 320 160 520
  stop_hitbox slice || return 1
  check slice 160,320=background 240,320=single 160,520=single
}

# 9. Resizing: the window shrunk to 800x500 and grown back to 1280x800 keeps the main panel
#    docked on the right and the scene framed where a fresh 1280x800 window frames it; after
#    a restart (imgui.ini kept) the same. The expected places of a and b come from an
#    offscreen render's --print-layout.
inside_of() {  # inside_of ID JSON -> "x,y": a point inside the shape's box, clear of its axes
  echo "$2" | sed -n "s/.*\"id\":\"$1\",\"box\":\[\([-0-9.]*\),\([-0-9.]*\),\([-0-9.]*\),\([-0-9.]*\)\].*/\1 \2 \3 \4/p" |
    awk '{ printf "%d,%d", $1 + 0.75 * ($3 - $1), $2 + 0.75 * ($4 - $2) }'
}
case_resize() {
  start_args=(--scene "$test_dir/scenes/drag.json" --algo sat)
  local layout a b
  layout=$(SDL_VIDEODRIVER=offscreen "$hitbox" "${start_args[@]}" --size 1280x800 --print-layout \
    --screenshot "$out/resize_ref.png" 2>"$out/resize_ref.err")
  a=$(inside_of a "$layout")
  b=$(inside_of b "$layout")
  if [ -z "$a" ] || [ -z "$b" ]; then
    echo "FAIL resize: no layout from --print-layout"
    start_args=("${default_args[@]}")
    return 1
  fi
  start_hitbox resize || { start_args=("${default_args[@]}"); return 1; }
  xdotool windowsize "$wid" 800 500
  sleep 0.5
  xdotool windowsize "$wid" 1280 800
  sleep 0.5
  stop_hitbox resize || { start_args=("${default_args[@]}"); return 1; }
  keep_ini=1
  start_hitbox resize_restart || { start_args=("${default_args[@]}"); keep_ini=0; return 1; }
  stop_hitbox resize_restart
  keep_ini=0
  start_args=("${default_args[@]}")
  check resize "$a=idle" "$b=idle" 1270,600!=background 1000,700!=background
  check resize_restart "$a=idle" "$b=idle" 1270,600!=background 1000,700!=background
}

# 10. Panels work under Xvfb (ImGui gets the pointer from SDL's events): a click on the mtd
#     checkbox turns the MTD on, and a click on its Resolve button pushes a out of b, so
#     the pair only touches and a shows its idle fill instead of the hit colour. (The
#     button's place at 1280x800: under the MTD's push-out line, which wraps to two lines.)
case_panel() {
  start_args=(--scene "$test_dir/scenes/overlap.json" --focus a:b --algo sat --view 0,0,1)
  start_hitbox panel || { start_args=("${default_args[@]}"); return 1; }
  start_args=("${default_args[@]}")
  xdotool mousemove --window "$wid" 925 236
  sleep 0.1
  xdotool click 1
  sleep 0.3
  xdotool mousemove --window "$wid" 975 694
  sleep 0.1
  xdotool click 1
  sleep 0.3
  stop_hitbox panel || return 1
  check panel 250,330=idle 240,270!=hit
}

run_case case_drag
run_case case_resolve
run_case case_pan
run_case case_zoom
run_case case_keys
run_case case_sprite
run_case case_ray
run_case case_slice
run_case case_resize
run_case case_panel

finish "window interaction"
