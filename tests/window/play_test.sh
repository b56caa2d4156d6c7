#!/bin/bash
# Play mode driven like a user: hitbox runs under Xvfb with its panels, xdotool presses the
# menu bar's Play button, and on SIGTERM hitbox writes its last frame (--screenshot-on-exit),
# which hitbox_png_probe checks: the shapes fell and rest on the floor. Then Reset puts them
# back where they started.
#
#   play_test.sh HITBOX PNG_PROBE TEST_DIR OUT_DIR
#
# Scene (TEST_DIR/scenes/play_drop.json): a floor whose top is at y 540 (x 100..700), boxes
# 40x40 at (200,100) and (600,60), a circle of radius 20 at (400,150), gravity 980 px/s2.
# --view 0,0,1: world pixel = window pixel. The Play button sits in the menu bar at (322,9)
# and Reset at (421,9) at 1280x800 with the main panel docked on the right.
# Exit status 77 (skipped) when xvfb-run or xdotool is missing.
set -u

hitbox=$1
probe=$2
test_dir=$3
out=$4

source "$(dirname "$0")/xdo_lib.sh"
xvfb_enter "$0" "$@"
start_args=(--scene "$test_dir/scenes/play_drop.json" --view 0,0,1)

# The starting places, and just above the floor (where the shapes come to rest: boxes span
# y 500..540, the circle 500..540 at its centre line). At rest for half a second, each falls
# asleep and is drawn dimmed.
start_points="208,95=idle 608,60=idle 408,150=idle 208,530=background 608,530=background 408,530=background"
rest_points="208,95=background 608,60=background 408,150=background 208,530=asleep 608,530=asleep 408,530=asleep 208,490=background 608,490=background 408,490=background"

# 1. Before Play nothing moves: after a few seconds the shapes are where they started.
case_still() {
  start_hitbox still || return 1
  sleep 2
  stop_hitbox still || return 1
  check still $start_points
}

# 2. Play: the shapes fall, come to rest on the floor and fall asleep.
case_play() {
  start_hitbox play || return 1
  click_at 322 9
  sleep 5
  stop_hitbox play || return 1
  check play $rest_points
}

# 3. Play, then Reset: the scene as it was before Play.
case_reset() {
  start_hitbox reset || return 1
  click_at 322 9
  sleep 2
  click_at 421 9
  sleep 0.5
  stop_hitbox reset || return 1
  check reset $start_points
}

run_case case_still
run_case case_play
run_case case_reset

finish "play mode"
