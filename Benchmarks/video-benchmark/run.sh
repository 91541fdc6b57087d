#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Captions on a video, whole processes, wall time and peak memory: 10 s of 1280 × 720 at 30 frames a
# second (ffmpeg's testsrc2 and a 440 Hz tone in AAC) to MP4 with a top and a bottom caption,
# `mememe render` against ffmpeg overlaying the same captions as a PNG (mememe's meme of a transparent
# picture) at the same x264 preset and CRF:
# `ffmpeg -i in.mp4 -i cap.png -filter_complex overlay -c:v libx264 -preset veryfast -crf 23 -c:a copy`.
# Run alternately, one untimed run of each first. Targets: ≤ 1.15× ffmpeg's median; ≤ 300 MB peak RSS.
# Usage: Benchmarks/video-benchmark/run.sh [MEMEME] [RUNS]   (build with -c release first)
set -euo pipefail
cd "$(dirname "$0")/../.."
mememe=${1:-.build/release/mememe}
runs=${2:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/mememe-video-benchmark.XXXXXX")
trap 'rm -rf "$work"' EXIT
. Benchmarks/wall-time.sh
require_references "$mememe"
conditions "$mememe" "$runs"

clip=$work/in.mp4
ffmpeg -v error -f lavfi -i testsrc2=s=1280x720:r=30:d=10 -f lavfi -i sine=f=440:d=10 -c:v libx264 -c:a aac "$clip"
captions=(--top "WHEN THE BUILD" --bottom "FINALLY PASSES")
convert -size 1280x720 xc:none "$work/transparent.png"
"$mememe" render "$work/transparent.png" "${captions[@]}" -o "$work/cap.png"
ours=("$mememe" render "$clip" "${captions[@]}" -o "$work/mememe.mp4")
theirs=(ffmpeg -v error -y -i "$clip" -i "$work/cap.png" -filter_complex overlay -c:v libx264 -preset veryfast
  -crf 23 -c:a copy "$work/ffmpeg.mp4")
time_alternately "$runs" "$work"
a=$(median <"$work/ours")
b=$(median <"$work/theirs")
rss=$( { /usr/bin/time -f '%M' "${ours[@]}" >/dev/null; } 2>&1 | tail -1)
cpu_ours=$( { /usr/bin/time -f '%U %S' "${ours[@]}" >/dev/null; } 2>&1 | tail -1 | awk '{ print $1 + $2 }')
cpu_theirs=$( { /usr/bin/time -f '%U %S' "${theirs[@]}" >/dev/null; } 2>&1 | tail -1 | awk '{ print $1 + $2 }')
printf '== 10 s of 1280 × 720 at 30 fps to MP4, two captions\n'
printf '   mememe render: %.3f s median, min %.3f, max %.3f; %s MB peak RSS (target ≤ 300): %s\n' "$a" \
  "$(sort -n "$work/ours" | head -1)" "$(sort -n "$work/ours" | tail -1)" "$((rss / 1024))" \
  "$(verdict "$rss <= 300 * 1024")"
printf '   ffmpeg overlay: %.3f s median, min %.3f, max %.3f\n' "$b" "$(sort -n "$work/theirs" | head -1)" \
  "$(sort -n "$work/theirs" | tail -1)"
printf '   mememe / ffmpeg: %.2f× (target ≤ 1.15): %s\n' "$(echo "$a / $b" | bc -l)" "$(verdict "$a / $b <= 1.15")"
printf '   processor time, one run each: mememe %.2f s, ffmpeg %.2f s (%.2f×)\n' "$cpu_ours" "$cpu_theirs" \
  "$(echo "$cpu_ours / $cpu_theirs" | bc -l)"
printf '   files: mememe %s bytes, ffmpeg %s bytes\n' "$(stat -c %s "$work/mememe.mp4")" "$(stat -c %s "$work/ffmpeg.mp4")"
echo "Load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
