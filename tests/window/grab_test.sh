#!/bin/bash
# Grab and throw in play mode, driven like a user: hitbox runs under Xvfb playing
# (--play), xdotool presses on a body, drags and lets go, and on SIGTERM hitbox writes its
# last frame (--screenshot-on-exit), which hitbox_png_probe checks.
#
#   grab_test.sh HITBOX PNG_PROBE TEST_DIR OUT_DIR
#
# Scene (TEST_DIR/scenes/play_grab.json): a floor whose top is at y 540 (x 100..700), a box
# 40x40 at (200,520) and a bar 200x20 at (500,530) resting on it, gravity 980 px/s2.
# --view 0,0,1: world pixel = window pixel; --algo aabb draws only boxes round the focus
# pair. A grabbed body is selected (selected fill).
# Exit status 77 (skipped) when xvfb-run or xdotool is missing.
set -u

hitbox=$1
probe=$2
test_dir=$3
out=$4

source "$(dirname "$0")/xdo_lib.sh"
xvfb_enter "$0" "$@"
start_args=(--scene "$test_dir/scenes/play_grab.json" --view 0,0,1 --play --algo aabb)

# drag_to X0 Y0 X1 Y1 N: the pointer from (X0,Y0) to (X1,Y1) in N moves, 20 ms apart.
drag_to() {
  local k
  for ((k = 1; k <= $5; ++k)); do
    xdotool mousemove --window "$wid" $(($1 + ($3 - $1) * k / $5)) $(($2 + ($4 - $2) * k / $5))
    sleep 0.02
  done
}

# stop_held NAME: quits hitbox with the button still down and the pointer where it is (the
# shared stop_hitbox moves the pointer away, which would pull the held body).
stop_held() {
  kill -TERM "$pid"
  wait "$pid"
  local status=$?
  xdotool mouseup 1
  if [ "$status" -ne 0 ] || [ ! -f "$out/$1.png" ]; then
    echo "FAIL $1: hitbox exited with $status, screenshot: $(ls "$out/$1.png" 2>&1)"
    cat "$out/$1.err"
    return 1
  fi
}

# 1. Hold: the bar grabbed 80 px right of its centre and lifted to (580,250) hangs from that
# point, turned upright: its centre 80 px below it (sag 1 px), x 568..588, y 240..430 (probed
# left of its local x axis, drawn up its middle); where it lay (y 520..540) is empty.
case_hold() {
  start_hitbox hold || return 1
  xdotool mousemove --window "$wid" 580 530
  sleep 0.2
  xdotool mousedown 1
  drag_to 580 530 580 250 30
  sleep 4  # the swing damps out
  stop_held hold || return 1
  check hold 572,300=selected 572,400=selected 470,520=background 430,520=background \
    560,520=background 540,330=background 640,300=background
}

# 2. Throw: the box grabbed off centre, flung up and right and let go: it flies on with its
# velocity, so it is far from where it started and from where it was let go.
case_throw() {
  start_hitbox throw || return 1
  xdotool mousemove --window "$wid" 210 510
  sleep 0.2
  xdotool mousedown 1
  drag_to 210 510 330 420 6
  xdotool mouseup 1
  sleep 3
  stop_hitbox throw || return 1
  check throw 200,520=background 210,510=background 330,420=background
}

run_case case_hold
run_case case_throw

finish "grab and throw"
