#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Hiding and effects, whole processes, wall time:
#  - a 400 × 100 region of a 12 MP JPEG pixelated and saved as JPEG: `mememe render --hide` against
#    ImageMagick's `convert -region 400x100+X+Y -scale P% -scale Q%` at the same block size, run
#    alternately (one untimed run of each first). Targets: mememe ≤ 0.3 s and ≤ 1/3 of convert. The
#    photo is grainy and coded with the standard Huffman tables, as a camera writes one; the same is
#    timed on ffmpeg's flat test card with tables optimised for it (whose blocks MemeMe codes anew).
#  - deep-fry on 100-frame 640 × 480 and 854 × 480 GIFs written as GIF, beside the same GIFs written
#    with no effect. Target: ≤ 2 s.
# Usage: Benchmarks/hiding-benchmark/run.sh [MEMEME] [RUNS]   (build with -c release first)
set -euo pipefail
cd "$(dirname "$0")/../.."
mememe=${1:-.build/release/mememe}
runs=${2:-7}
work=$(mktemp -d "${TMPDIR:-/tmp}/mememe-hiding-benchmark.XXXXXX")
trap 'rm -rf "$work"' EXIT
. Benchmarks/wall-time.sh
require_references "$mememe"
conditions "$mememe" "$runs"

x=1800 y=1400
# The block mememe uses at the default strength for a 100-pixel-high area, rounded to its grid.
block=80
# Pixelates the region of $2 ("$1" names the case) with both tools, alternately, and prints the medians.
pixelate() {
  local name=$1 photo=$2
  local ours=("$mememe" render "$photo" --hide "$x,$y,400,100" -o "$work/mememe.jpg")
  local theirs=(convert "$photo" -region "400x100+$x+$y" -scale "$(echo "100 / $block" | bc -l)%"
    -scale "$((100 * block))%" -quality 90 "$work/convert.jpg")
  wall "${ours[@]}" >/dev/null
  wall "${theirs[@]}" >/dev/null
  : >"$work/ours" && : >"$work/theirs"
  for round in $(seq 1 "$runs"); do
    if ((round % 2)); then
      wall "${ours[@]}" >>"$work/ours"
      wall "${theirs[@]}" >>"$work/theirs"
    else
      wall "${theirs[@]}" >>"$work/theirs"
      wall "${ours[@]}" >>"$work/ours"
    fi
  done
  local a b
  a=$(median <"$work/ours")
  b=$(median <"$work/theirs")
  echo "== Pixelate 400 × 100 of a 12 MP JPEG (4032 × 3024, $name, $(($(stat -c %s "$photo") / 1024)) KB), JPEG out"
  "${ours[@]}" -v 2>&1 | sed -n 2p | sed 's/^/   /'
  printf '   mememe render --hide: %.3f s median (target ≤ 0.300): %s\n' "$a" \
    "$(verdict "$a <= 0.3")"
  printf '   convert -region -scale -scale: %.3f s median\n' "$b"
  printf '   mememe / convert: %.2f× (target ≤ 0.33): %s\n' "$(echo "$a / $b" | bc -l)" \
    "$(verdict "$a / $b <= 0.3334")"
}
ffmpeg -v error -f lavfi -i "testsrc2=size=4032x3024:rate=1,noise=alls=12:allf=u" -frames:v 1 -q:v 3 \
  -huffman default "$work/camera.jpg"
pixelate "grain, standard Huffman tables as a camera writes" "$work/camera.jpg"
ffmpeg -v error -f lavfi -i "testsrc2=size=4032x3024:rate=1" -frames:v 1 -q:v 2 "$work/card.jpg"
pixelate "ffmpeg's flat test card, Huffman tables optimised for it" "$work/card.jpg"

for size in 640x480 854x480; do
  clip=$work/clip-$size.gif
  ffmpeg -v error -f lavfi -i "testsrc2=size=$size:rate=10:duration=10" -frames:v 100 \
    -filter_complex "split[a][b];[a]palettegen[p];[b][p]paletteuse" -loop 0 "$clip"
  for effect in none deep-fry; do
    command=("$mememe" render "$clip" -o "$work/$effect.gif")
    [ "$effect" = none ] || command+=(--deep-fry)
    wall "${command[@]}" >/dev/null
    : >"$work/times"
    for _ in $(seq 1 "$runs"); do wall "${command[@]}" >>"$work/times"; done
    median_time=$(median <"$work/times")
    if [ "$effect" = none ]; then
      printf '== 100-frame %s GIF (ffmpeg testsrc2), GIF out\n   mememe render (no effect): %.3f s median\n' \
        "${size/x/ × }" "$median_time"
    else
      printf '   mememe render --deep-fry: %.3f s median, min %.3f, max %.3f (target ≤ 2.000): %s\n' \
        "$median_time" "$(sort -n "$work/times" | head -1)" "$(sort -n "$work/times" | tail -1)" \
        "$(verdict "$median_time <= 2")"
    fi
  done
done
echo "Load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
