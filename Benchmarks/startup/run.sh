#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Cold start to the first painted editor frame, against a minimal C GTK 4 window on the same machine.
# Run inside a display session, e.g.:
#   xvfb-run -a dbus-run-session -- env GDK_BACKEND=x11 GSK_RENDERER=cairo Benchmarks/startup/run.sh .build/release/mememe
set -eu
mememe=${1:?usage: run.sh path/to/mememe [runs]}
runs=${2:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/minimal-window" "$(dirname "$0")/minimal-window.c" $(pkg-config --cflags --libs gtk4)

# Median wall time in milliseconds of `runs` launches of the given command.
median_ms() {
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
  done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

reference=$(median_ms env "$work/minimal-window")
editor=$(median_ms env MEMEME_QUIT_AFTER_FIRST_FRAME=1 "$mememe")
echo "minimal C GTK 4 window, launch to first frame: median ${reference} ms"
echo "mememe editor, launch to first frame:          median ${editor} ms"
awk -v e="$editor" -v r="$reference" 'BEGIN { printf "ratio: %.2f (target at most 1.30)\n", e / r }'
