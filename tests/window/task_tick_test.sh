#!/bin/bash
# A lesson's task ticked by a user's drag: hitbox runs lesson 6 under Xvfb, xdotool drags stick
# B towards stick A a few pixels at a time until the window prints that the first task ("Drag
# B onto A until SAT says hit") is done, and the progress file then holds 1 of 3.
#
#   task_tick_test.sh HITBOX OUT_DIR
#
# With --view 0,0,1 world pixel = window pixel: B's centre is at (642,358), its edge 35.4 px
# from A's across the sticks (both at 45 degrees). Moving B by d px left and d down closes
# 1.41 d of that gap, so SAT says hit from d = 25 on. XDG_DATA_HOME is a folder in OUT_DIR: the test never writes to the real home.
# Exit status 77 (skipped) when xvfb-run or xdotool is missing.
set -u

hitbox=$1
probe=""  # unused: the window's own line says when the task ticks
out=$2

source "$(dirname "$0")/xdo_lib.sh"
xvfb_enter "$0" "$@"

export XDG_DATA_HOME="$out/data"
rm -rf "$XDG_DATA_HOME"
progress="$XDG_DATA_HOME/hitbox/progress.json"
start_args=(--lesson 06_early_outs --view 0,0,1)

# The first task's line on hitbox's stdout.
ticked() { grep -q '^task done: 06_early_outs 1 of 3$' "$out/tick.out"; }

case_tick() {
  start_hitbox tick >"$out/tick.out" || return 1
  if ticked; then
    echo "FAIL tick: the task was done before any drag"
    return 1
  fi
  # Press on B's centre, then move 2 px down and left at a time (up to 40 px) until the line
  # comes.
  local x=642 y=358 moved=0
  xdotool mousemove --window "$wid" "$x" "$y"
  sleep 0.2
  xdotool mousedown 1
  sleep 0.2
  while [ "$moved" -lt 40 ] && ! ticked; do
    x=$((x - 2))
    y=$((y + 2))
    moved=$((moved + 2))
    xdotool mousemove --window "$wid" "$x" "$y"
    sleep 0.15
  done
  xdotool mouseup 1
  sleep 0.3
  stop_hitbox tick || return 1
  if ! ticked; then
    echo "FAIL tick: no 'task done' line after dragging B $moved px; stdout:"
    cat "$out/tick.out"
    return 1
  fi
  # Not before the gap closed (d = 25): the line came from SAT's hit, not from the drag alone.
  if [ "$moved" -lt 24 ]; then
    echo "FAIL tick: the task ticked after only $moved px"
    return 1
  fi
  echo "ticked after dragging B $moved px down and left"
  if ! grep -A3 '"06_early_outs"' "$progress" | grep -q '"done": 1' ||
    ! grep -A3 '"06_early_outs"' "$progress" | grep -q '"of": 3'; then
    echo "FAIL tick: $progress does not hold 1 of 3 for 06_early_outs:"
    cat "$progress" 2>&1
    return 1
  fi
}

run_case case_tick
finish "task tick"
