#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Cold start to the first painted editor frame, against two references on the same machine: a
# minimal C GTK 4 window, and a minimal libadwaita window (what every libadwaita app pays for its
# style sheet and style manager). The three are launched in turn (interleaved, so load from
# elsewhere falls on all alike), `runs` times each per round, for `rounds` separate rounds. Each launch is a new process of an app that
# is not running; both use one XDG home made for the measurement, in which one uncounted launch of
# each has made what a first launch makes (the app's empty store, GStreamer's and Mesa's caches), so
# the editor is what opens, as for someone who has not shared a meme yet.
# Measure MemeMe as meson installs it, inside a display session. An installed copy finds its icons
# and translations beside it and does the work they bring; a binary straight from `swift build` has
# none of them, and skips that work:
#   meson setup /tmp/mememe-build --prefix=/tmp/mememe && meson install -C /tmp/mememe-build
#   xvfb-run -a dbus-run-session -- env GDK_BACKEND=x11 GSK_RENDERER=cairo \
#     Benchmarks/startup/run.sh /tmp/mememe/bin/mememe [runs] [rounds]
set -eu
mememe=${1:?usage: run.sh path/to/mememe [runs] [rounds]}
runs=${2:-11}
rounds=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/minimal-window" "$(dirname "$0")/minimal-window.c" $(pkg-config --cflags --libs gtk4)
cc -O2 -o "$work/minimal-adw-window" "$(dirname "$0")/minimal-adw-window.c" \
  $(pkg-config --cflags --libs libadwaita-1)

export XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache" XDG_DATA_HOME="$work/data" \
  XDG_STATE_HOME="$work/state"

# CPU time (user and system) of the finished child processes so far, in milliseconds. `times` runs
# in this shell, not in a command substitution's subshell, which has no finished children of its own.
children_cpu_ms() {
  times >"$work/times"
  awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d\n", (u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 1000 }' "$work/times"
}

# Wall time in milliseconds of one launch of the given command, then the CPU time it took. The CPU
# time does not grow when other processes take the cores, so it tells a loaded machine's noise from
# the app's own work.
launch_ms() {
  children_cpu_ms >"$work/cpu-before"
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s%N)
  children_cpu_ms >"$work/cpu-after"
  echo "$(( (end - start) / 1000000 )) $(( $(cat "$work/cpu-after") - $(cat "$work/cpu-before") ))"
}

launch_ms "$work/minimal-window" >/dev/null
launch_ms "$work/minimal-adw-window" >/dev/null
launch_ms "$mememe" --quit-after-first-frame >/dev/null

# Median of column `1` (wall) or `2` (CPU).
median() { awk -v c="$1" '{ print $c }' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "cold start (a new process each launch, the app not running; disk caches warm after one uncounted"
echo "launch of each); renderer: GSK_RENDERER=${GSK_RENDERER:-(unset)}; windows at their default size"
echo "(minimal ones 960×720, mememe's editor its own); $runs launches of each per round, interleaved;"
echo "$(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
: >"$work/reference-all" && : >"$work/adwaita-all" && : >"$work/editor-all"
for round in $(seq "$rounds"); do
  : >"$work/reference" && : >"$work/adwaita" && : >"$work/editor"
  for i in $(seq "$runs"); do
    # Rotate which goes first, so none always follows another's disk and cache work.
    case $((i % 3)) in
    1)
      launch_ms "$work/minimal-window" >>"$work/reference"
      launch_ms "$work/minimal-adw-window" >>"$work/adwaita"
      launch_ms "$mememe" --quit-after-first-frame >>"$work/editor"
      ;;
    2)
      launch_ms "$work/minimal-adw-window" >>"$work/adwaita"
      launch_ms "$mememe" --quit-after-first-frame >>"$work/editor"
      launch_ms "$work/minimal-window" >>"$work/reference"
      ;;
    *)
      launch_ms "$mememe" --quit-after-first-frame >>"$work/editor"
      launch_ms "$work/minimal-window" >>"$work/reference"
      launch_ms "$work/minimal-adw-window" >>"$work/adwaita"
      ;;
    esac
  done
  reference=$(median 1 <"$work/reference")
  adwaita=$(median 1 <"$work/adwaita")
  editor=$(median 1 <"$work/editor")
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  awk -v e="$editor" -v r="$reference" -v a="$adwaita" -v n="$round" -v l="$load" 'BEGIN {
    printf "round %d: mememe editor median %d ms; minimal libadwaita window median %d ms, ratio %.2f (target at most 1.30); minimal C GTK 4 window median %d ms, ratio %.2f; load %s\n", n, e, a, e / a, r, e / r, l
  }'
  awk -v e="$(median 2 <"$work/editor")" -v a="$(median 2 <"$work/adwaita")" -v r="$(median 2 <"$work/reference")" 'BEGIN {
    printf "  CPU time (user and system): mememe median %d ms, libadwaita %d ms (ratio %.2f), GTK %d ms (ratio %.2f)\n", e, a, e / a, r, e / r
  }'
  echo "  GTK:        $(awk '{ print $1 }' "$work/reference" | sort -n | tr '\n' ' ')"
  echo "  libadwaita: $(awk '{ print $1 }' "$work/adwaita" | sort -n | tr '\n' ' ')"
  echo "  mememe:     $(awk '{ print $1 }' "$work/editor" | sort -n | tr '\n' ' ')"
  cat "$work/reference" >>"$work/reference-all" && cat "$work/adwaita" >>"$work/adwaita-all"
  cat "$work/editor" >>"$work/editor-all"
done
# The whole run: the medians of all its launches, less moved by one noisy round than a round's own.
# The difference is printed too: what MemeMe adds to a launch stays at about the same milliseconds
# while the part both launches share (GTK's own start-up) is faster or slower from one run to the
# next, so the same difference is a larger ratio in a run where the machine is fast.
awk -v e="$(median 1 <"$work/editor-all")" -v a="$(median 1 <"$work/adwaita-all")" \
  -v r="$(median 1 <"$work/reference-all")" -v n="$rounds" -v k="$runs" 'BEGIN {
  printf "all %d rounds (%d launches of each): mememe median %d ms; minimal libadwaita median %d ms (%d ms more), ratio %.2f; minimal GTK median %d ms (%d ms more), ratio %.2f\n", n, n * k, e, a, e - a, e / a, r, e - r, e / r
}'
