#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a command on a private display inside a private session bus, the way the window tests run:
#
#   build-aux/with-display.sh x11 COMMAND...      a virtual X display (Xvfb), GDK_BACKEND=x11
#   build-aux/with-display.sh wayland COMMAND...  a headless Wayland compositor (weston), GDK_BACKEND=wayland
#
# Both screens are 1920×1200. The command also gets MEMEME_REQUIRE_DISPLAY=1 (a missing display
# fails a window test instead of skipping it), GSK_RENDERER=cairo (immediate, deterministic frames),
# GSETTINGS_BACKEND=memory and MEMEME_DISPLAY_SERVER (x11 or wayland, for tests that say why they
# cannot run on one of them). Its exit status is the command's.
set -euo pipefail
server=${1:?usage: with-display.sh x11|wayland COMMAND...}
shift
common=(MEMEME_REQUIRE_DISPLAY=1 GSK_RENDERER=cairo GSETTINGS_BACKEND=memory MEMEME_DISPLAY_SERVER="$server")

case "$server" in
x11)
  # -a finds a free display number; starting from a random one keeps runs that start at the same
  # moment (several builds on one machine) from racing for the same number. -noreset: by default
  # the X server resets when its last client disconnects, and a client connecting during the reset
  # gets "cannot open display" (the AT-SPI bus launcher connects and leaves just as an app starts).
  exec xvfb-run -a -n $((100 + RANDOM % 800)) -s "-screen 0 1920x1200x24 -noreset" dbus-run-session -- \
    env "${common[@]}" GDK_BACKEND=x11 "$@"
  ;;
wayland)
  # Weston wants its own runtime folder (0700); the socket name is unique to this run.
  runtime=$(mktemp -d "${TMPDIR:-/tmp}/mememe-wayland.XXXXXX")
  chmod 0700 "$runtime"
  socket="wl-mememe-$$"
  # --idle-time=0: the desktop shell would otherwise lock the screen, and hide every window, after
  # five idle minutes.
  XDG_RUNTIME_DIR="$runtime" weston --backend=headless-backend.so --socket="$socket" \
    --width=1920 --height=1200 --idle-time=0 --log="$runtime/weston.log" &
  weston_pid=$!
  # The run's own status is kept: cleaning up must not turn a pass into a failure. The document
  # portal may leave its FUSE mount ($runtime/doc) behind when the session bus ends.
  cleanup() {
    local status=$?
    kill "$weston_pid" 2>/dev/null || true
    wait "$weston_pid" 2>/dev/null || true
    fusermount3 -u -z "$runtime/doc" 2>/dev/null || umount -l "$runtime/doc" 2>/dev/null || true
    rm -rf "$runtime" 2>/dev/null || echo "with-display.sh: could not remove $runtime" >&2
    exit "$status"
  }
  trap cleanup EXIT
  for _ in $(seq 100); do
    [ -S "$runtime/$socket" ] && break
    kill -0 "$weston_pid" 2>/dev/null || { cat "$runtime/weston.log" >&2; exit 1; }
    sleep 0.1
  done
  [ -S "$runtime/$socket" ] || { echo "weston did not start" >&2; cat "$runtime/weston.log" >&2; exit 1; }
  # No X display: nothing may fall back to X11 unnoticed.
  env -u DISPLAY XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" \
    dbus-run-session -- env "${common[@]}" GDK_BACKEND=wayland "$@"
  ;;
*)
  echo "with-display.sh: unknown display server '$server' (x11 or wayland)" >&2
  exit 2
  ;;
esac
