#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Collect, processor time: N memes of 1920 × 1080 (captions drawn by `mememe render` on ImageMagick's
# plasma, a busy photo-like picture, as JPEG) added by one `mememe collect` run into a scratch
# store: copying, the metadata-free copy (a JPEG's blocks are copied), the thumbnail, the store's
# writes, and reading the words (Tesseract, English and German). Processor time is user + system,
# all threads, from GNU time; the target is ≤ 0.5 s a meme on two cores. The words found are checked
# against the captions, so a fast run that reads nothing does not pass for a good one.
# Usage: Benchmarks/collect-benchmark/run.sh [MEMEME] [N]   (build with -c release first)
set -euo pipefail
cd "$(dirname "$0")/../.."
mememe=${1:-.build/release/mememe}
count=${2:-20}
work=$(mktemp -d "${TMPDIR:-/tmp}/mememe-collect-benchmark.XXXXXX")
trap 'rm -rf "$work"' EXIT
. Benchmarks/wall-time.sh
conditions "$mememe" 1

words=(monday coffee deadline weekend printer server keyboard meeting homework pizza)
for i in $(seq 1 "$count"); do
  convert -size 1920x1080 -seed "$i" plasma:fractal -blur 0x1 "$work/photo$i.jpg"
  top="${words[$((i % 10))]} ${words[$(((i + 3) % 10))]}"
  bottom="${words[$(((i + 5) % 10))]} $((i * 37))"
  "$mememe" render "$work/photo$i.jpg" --top "$top" --bottom "$bottom" -o "$work/meme$i.jpg"
  echo "$top $bottom" >>"$work/captions.txt"
done

export XDG_DATA_HOME="$work/data" LANGUAGE=de
/usr/bin/time -f "%U %S %e %M" -o "$work/time.txt" "$mememe" collect "$work"/meme*.jpg >"$work/collected.txt"
read -r user system elapsed peak <"$work/time.txt"
found=0 total=0
for word in $(tr ' ' '\n' <"$work/captions.txt"); do
  total=$((total + 1))
  grep -qi -- "$word" "$work/collected.txt" && found=$((found + 1))
done
per_meme=$(echo "($user + $system) / $count" | bc -l)
printf 'collect: %d memes of 1920x1080, processor %.2f s user + %.2f s system, %.2f s wall, peak %d MB\n' \
  "$count" "$user" "$system" "$elapsed" "$((peak / 1024))"
printf 'collect: %.3f s of processor time a meme (target <= 0.5: %s); %d of %d caption words read\n' \
  "$per_meme" "$(verdict "$per_meme <= 0.5")" "$found" "$total"
