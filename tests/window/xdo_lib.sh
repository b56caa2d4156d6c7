# Shared by the window tests driven like a user (drag_test.sh, play_test.sh): hitbox runs under
# Xvfb, xdotool moves and clicks, and on SIGTERM hitbox writes its last frame
# (--screenshot-on-exit), which hitbox_png_probe checks. Source it after setting hitbox, probe
# and out; then call xvfb_enter "$0" "$@" before anything else.

failures=0

# xvfb_enter SCRIPT ARGS...: runs SCRIPT again under xvfb-run at 1280x800 (once). Without
# xvfb-run or xdotool: exit 77 (skipped), or 1 in CI, where the README's test command has
# installed both.
xvfb_enter() {
  if ! command -v xvfb-run >/dev/null || ! command -v xdotool >/dev/null; then
    if [ -n "${CI:-}" ]; then
      echo "FAIL: needs xvfb-run and xdotool (bash scripts/dev.sh test installs them)"
      exit 1
    fi
    echo "SKIP: needs xvfb-run and xdotool"
    exit 77
  fi
  if [ -z "${HITBOX_WINDOW_TEST_IN_XVFB:-}" ]; then
    HITBOX_WINDOW_TEST_IN_XVFB=1 exec xvfb-run -a -s "-screen 0 1280x800x24" bash "$@"
  fi
  mkdir -p "$out"
  cd "$out" || exit 1  # hitbox writes imgui.ini into the working directory
  # the X server above, not another driver or display; progress kept apart from the user's
  unset SDL_VIDEODRIVER WAYLAND_DISPLAY
  export XDG_DATA_HOME="$out/data"
}

# start_hitbox NAME ARGS...: starts hitbox with ${start_args[@]} and ARGS and waits for its
# window to show its first frame (the title "Hitbox - ..." replaces "Hitbox" then: ImGui finds
# what is under the pointer from the frame before, so an earlier click would miss); sets $pid
# and $wid. imgui.ini is removed first unless keep_ini=1.
start_args=()
keep_ini=0
start_hitbox() {
  local name=$1
  shift
  rm -f "$out/$name.png"
  if [ "$keep_ini" != 1 ]; then rm -f "$out/imgui.ini"; fi
  "$hitbox" "${start_args[@]}" --screenshot-on-exit "$out/$name.png" "$@" 2>"$out/$name.err" &
  pid=$!
  wid=$(timeout 20 xdotool search --sync --onlyvisible --name '^Hitbox - ' | head -n 1)
  if [ -z "$wid" ]; then
    echo "FAIL $name: no hitbox window appeared"
    cat "$out/$name.err"
    kill -TERM "$pid" 2>/dev/null
    return 1
  fi
  sleep 0.5  # a few frames, so the first events meet a running loop
}

# stop_hitbox NAME: quits hitbox (SIGTERM becomes SDL_QUIT) and waits for its screenshot.
stop_hitbox() {
  local name=$1
  xdotool mousemove --window "$wid" 1200 760  # away from the checked pixels (hover text)
  sleep 0.3
  kill -TERM "$pid"
  wait "$pid"
  local status=$?
  if [ "$status" -ne 0 ] || [ ! -f "$out/$name.png" ]; then
    echo "FAIL $name: hitbox exited with $status, screenshot: $(ls "$out/$name.png" 2>&1)"
    cat "$out/$name.err"
    return 1
  fi
}

# click_at X Y: a left click at a window point, a move first and time between.
click_at() {
  xdotool mousemove --window "$wid" "$1" "$2"
  sleep 0.2
  xdotool click 1
  sleep 0.2
}

# check NAME PROBE_ARGS...: the probe on NAME's screenshot; a failure is counted.
check() {
  local name=$1
  shift
  echo "-- $name"
  if ! "$probe" "$out/$name.png" "$@"; then
    failures=$((failures + 1))
  fi
}

# run_case FUNCTION: runs one case; a failure is counted.
run_case() {
  if ! "$@"; then
    failures=$((failures + 1))
  fi
}

# finish WHAT: the exit status from the counted failures.
finish() {
  if [ "$failures" -ne 0 ]; then
    echo "$failures check group(s) failed; screenshots in $out"
    exit 1
  fi
  echo "all $1 checks passed"
}
