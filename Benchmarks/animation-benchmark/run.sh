#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Captions two generated animated GIFs (100 frames at 480×270 and 200 frames at 800×450, made with
# ffmpeg's testsrc2 and a palette) with two two-line captions, three ways, in interleaved rounds:
# MemeMe (`mememe render in.gif ... -o out.gif`), ImageMagick (`convert in.gif -coalesce -annotate
# ... -layers Optimize out.gif`) and ffmpeg (drawtext with a border, palettegen/paletteuse). For each it
# prints the median wall time and peak RSS over the rounds, the output's size, and the mean colour
# error of the frames against the source's outside the captions (the middle 40% of the rows, where no
# tool draws; 0–255 per channel, from Pillow's composed frames), with the frame count read back.
#
# Usage: Benchmarks/animation-benchmark/run.sh [MEMEME] [ROUNDS]
#   MEMEME: the mememe binary (default .build/release/mememe: swift build -c release --product mememe)
#   ROUNDS: rounds of every tool on every clip (default 3)
# A missing tool (convert, ffmpeg, python3 with Pillow) is skipped with a message. Not a test.
set -euo pipefail
cd "$(dirname "$0")/../.."
mememe=${1:-.build/release/mememe}
rounds=${2:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/mememe-animation-benchmark.XXXXXX")
trap 'rm -rf "$work"' EXIT
font=/usr/share/fonts/opentype/bebas-neue/BebasNeue-Regular.otf
top1="WHEN THE BUILD"
top2="FINALLY PASSES"
bottom1="AND THEN THE"
bottom2="TESTS RUN"

have() { command -v "$1" >/dev/null 2>&1; }
have ffmpeg || { echo "ffmpeg is needed to make the clips (apt-get install ffmpeg)"; exit 1; }
/usr/bin/python3 -c 'import PIL' 2>/dev/null || { echo "Pillow is needed to measure (apt-get install python3-pil)"; exit 1; }
[ -x "$mememe" ] || { echo "no mememe at $mememe (swift build -c release --product mememe)"; exit 1; }
tools=(mememe)
if have convert; then tools+=(imagemagick); else echo "skipping ImageMagick: convert is not installed"; fi
tools+=(ffmpeg)

# The clips: ffmpeg's moving test pattern at 10 frames a second, one palette for the clip.
make_clip() { # name width height frames
  # The source must end (duration=): palettegen reads the whole stream before paletteuse starts.
  ffmpeg -v error -f lavfi -i "testsrc2=size=$2x$3:rate=10:duration=$(($4 / 10))" -frames:v "$4" \
    -filter_complex "split[a][b];[a]palettegen[p];[b][p]paletteuse" -loop 0 "$work/$1.gif"
}
make_clip small 480 270 100
make_clip large 800 450 200
# A one-frame 16×16 GIF: MemeMe's memory with no picture to speak of, to correct for frame size.
ffmpeg -v error -f lavfi -i "color=c=gray:size=16x16:duration=0.1" -frames:v 1 "$work/tiny.gif"

run_tool() { # tool clip height output
  local size=$(($3 / 12))
  case $1 in
    mememe)
      "$mememe" render "$work/$2.gif" --top "$top1
$top2" --bottom "$bottom1
$bottom2" -o "$4"
      ;;
    imagemagick)
      convert "$work/$2.gif" -coalesce -font "$font" -pointsize "$size" -fill white -stroke black \
        -strokewidth "$((size / 12 + 1))" -gravity north -annotate +0+4 "$top1\n$top2" \
        -gravity south -annotate +0+4 "$bottom1\n$bottom2" -layers Optimize "$4"
      ;;
    ffmpeg)
      local style="fontfile=$font:fontsize=$size:fontcolor=white:borderw=$((size / 12 + 1)):bordercolor=black:x=(w-text_w)/2"
      ffmpeg -v error -y -i "$work/$2.gif" -filter_complex \
        "drawtext=$style:text='$top1':y=4,drawtext=$style:text='$top2':y=4+$size,drawtext=$style:text='$bottom1':y=h-4-2*$size,drawtext=$style:text='$bottom2':y=h-4-$size,split[a][b];[a]palettegen[p];[b][p]paletteuse" \
        -loop 0 "$4"
      ;;
  esac
}

# The colour error outside the captions and the frame count, from Pillow.
measure() { # source output
  /usr/bin/python3 - "$1" "$2" <<'PY'
import sys
from PIL import Image, ImageChops, ImageSequence, ImageStat
source, output = Image.open(sys.argv[1]), Image.open(sys.argv[2])
sources = [f.convert("RGB") for f in ImageSequence.Iterator(source)]
outputs = [f.convert("RGB") for f in ImageSequence.Iterator(output)]
w, h = sources[0].size
box = (0, int(h * 0.3), w, int(h * 0.7))
errors = [sum(ImageStat.Stat(ImageChops.difference(a.crop(box), b.crop(box))).mean) / 3
          for a, b in zip(sources, outputs)]
print("%d %.2f" % (len(outputs), sum(errors) / len(errors)))
PY
}

export -f run_tool
export mememe work font top1 top2 bottom1 bottom2
echo "conditions: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds, tools ${tools[*]}"
echo "mememe: $mememe; $(convert -version 2>/dev/null | head -1); $(ffmpeg -version | head -1)"
declare -A times memory
for round in $(seq "$rounds"); do
  for clip in small large; do
    height=$([ $clip = small ] && echo 270 || echo 450)
    # Each round starts with another tool, so load from other work falls on all alike.
    count=${#tools[@]}
    for i in $(seq 0 $((count - 1))); do
      tool=${tools[$(((i + round) % count))]}
      out="$work/$clip-$tool.gif"
      /usr/bin/time -f "%e %M" -o "$work/time" bash -c 'run_tool "$@"' run_tool "$tool" "$clip" "$height" "$out"
      read -r seconds kilobytes <"$work/time"
      times[$clip-$tool]+="$seconds "
      memory[$clip-$tool]+="$kilobytes "
    done
  done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }

"$mememe" render "$work/tiny.gif" --top x -o "$work/tiny-out.gif"
/usr/bin/time -f "%M" -o "$work/time" "$mememe" render "$work/tiny.gif" --top x -o "$work/tiny-out.gif"
base=$(cat "$work/time")
printf '\n%-6s %-12s %9s %10s %11s %7s %12s\n' clip tool "wall s" "peak MB" "size KB" frames "mean error"
for clip in small large; do
  printf '%-6s %-12s %9s %10s %11d %7s %12s\n' "$clip" source - - $(($(stat -c %s "$work/$clip.gif") / 1024)) \
    "$(measure "$work/$clip.gif" "$work/$clip.gif" | cut -d' ' -f1)" 0
  for tool in "${tools[@]}"; do
    out="$work/$clip-$tool.gif"
    read -r frames error < <(measure "$work/$clip.gif" "$out")
    printf '%-6s %-12s %9s %10.1f %11d %7s %12s\n' "$clip" "$tool" "$(echo "${times[$clip-$tool]}" | median)" \
      "$(echo "$(echo "${memory[$clip-$tool]}" | median) / 1024" | bc -l)" $(($(stat -c %s "$out") / 1024)) \
      "$frames" "$error"
  done
done
small_rss=$(echo "${memory[small-mememe]}" | median)
large_rss=$(echo "${memory[large-mememe]}" | median)
echo
echo "MemeMe's peak RSS above a 16×16 one-frame render ($((base / 1024)) MB), per frame pixel:" \
  "small $(echo "($small_rss - $base) * 1024 / (480 * 270)" | bc -l | cut -c1-5) bytes," \
  "large $(echo "($large_rss - $base) * 1024 / (800 * 450)" | bc -l | cut -c1-5) bytes"
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
