#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A reaction GIF, whole processes, wall time: a transparent reaction bubble cut out of 100-frame
# 640 × 480 and 854 × 480 GIFs (ffmpeg's testsrc2, one global palette of 256 colours), written as GIF:
# `mememe render --bubble reaction:transparent` against ImageMagick's
# `convert in.gif -coalesce null: bubble.png -gravity north -compose DstOut -layers composite out.gif`,
# bubble.png being the outline mememe's --verbose prints, drawn by ImageMagick. Run alternately, one
# untimed run of each first. Targets: mememe ≤ 1 s and ≤ 0.5× the median of convert.
# Usage: Benchmarks/bubble-benchmark/run.sh [MEMEME] [RUNS]   (build with -c release first)
set -euo pipefail
cd "$(dirname "$0")/../.."
mememe=${1:-.build/release/mememe}
runs=${2:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/mememe-bubble-benchmark.XXXXXX")
trap 'rm -rf "$work"' EXIT
. Benchmarks/wall-time.sh
require_references "$mememe"
conditions "$mememe" "$runs"

for size in 640x480 854x480; do
  width=${size%x*}
  clip=$work/clip-$size.gif
  ffmpeg -v error -f lavfi -i "testsrc2=size=$size:rate=10:duration=10" -frames:v 100 \
    -filter_complex "split[a][b];[a]palettegen[p];[b][p]paletteuse" -loop 0 "$clip"
  ours=("$mememe" render "$clip" -o "$work/mememe.gif" --bubble reaction:transparent)
  # The same outline, drawn by ImageMagick on the bubble's band (20 % of the height).
  outline=$("${ours[@]}" --verbose | sed -n 's/^--bubble #1: .*pixels: //p')
  convert -size "${width}x96" xc:none -fill black -draw "path '$outline'" "$work/bubble.png"
  theirs=(convert "$clip" -coalesce null: "$work/bubble.png" -gravity north -compose DstOut -layers composite
    "$work/convert.gif")
  time_alternately "$runs" "$work"
  a=$(median <"$work/ours")
  b=$(median <"$work/theirs")
  printf '== 100-frame %s GIF (ffmpeg testsrc2), transparent reaction bubble, GIF out\n' "${size/x/ × }"
  printf '   mememe render --bubble reaction:transparent: %.3f s median, min %.3f, max %.3f (target ≤ 1.000): %s\n' \
    "$a" "$(sort -n "$work/ours" | head -1)" "$(sort -n "$work/ours" | tail -1)" "$(verdict "$a <= 1")"
  printf '   convert -coalesce … -compose DstOut -layers composite: %.3f s median\n' "$b"
  printf '   mememe / convert: %.2f× (target ≤ 0.5): %s\n' "$(echo "$a / $b" | bc -l)" "$(verdict "$a / $b <= 0.5")"
done
echo "Load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
