# SPDX-License-Identifier: GPL-3.0-or-later
# Timing helpers the benchmark scripts source: whole processes, wall time.

# Seconds one run of the command takes, whole process.
wall() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

# The median of the numbers on standard input, one a line.
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# "met" when the bc expression $1 holds, else "missed".
verdict() { echo "$1" | bc -l | sed 's/1/met/;s/0/missed/'; }

# The machine, its load and the runs, for the first line of a benchmark's output ($1: mememe, $2: runs).
conditions() {
  echo "Conditions: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')),"\
    "load average $(cut -d' ' -f1-3 /proc/loadavg), $2 runs per case, page cache warm, $("$1" --version)"
}

# Stops with a line saying what to install when ffmpeg (the inputs), ImageMagick (the reference) or
# the mememe at $1 is missing.
require_references() {
  command -v ffmpeg >/dev/null || { echo "ffmpeg is needed to make the inputs (apt-get install ffmpeg)"; exit 1; }
  command -v convert >/dev/null || { echo "ImageMagick is needed for the reference (apt-get install imagemagick)"; exit 1; }
  [ -x "$1" ] || { echo "no mememe at $1 (swift build -c release --product mememe)"; exit 1; }
}

# Times the commands in the arrays `ours` and `theirs` alternately $1 times, after one untimed run of
# each, their seconds one a line in $2/ours and $2/theirs.
time_alternately() {
  wall "${ours[@]}" >/dev/null
  wall "${theirs[@]}" >/dev/null
  : >"$2/ours"
  : >"$2/theirs"
  for _ in $(seq 1 "$1"); do
    wall "${ours[@]}" >>"$2/ours"
    wall "${theirs[@]}" >>"$2/theirs"
  done
}
