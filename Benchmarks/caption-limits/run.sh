#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Times hostile captions (issue 41) through `mememe render` on an 800×600 JPEG and prints, per case,
# the wall time, the processor time and the peak resident memory of the render.
#
#   Benchmarks/caption-limits/run.sh [-t SECONDS] [MEMEME]
#
# MEMEME is the binary to measure (default .build/release/mememe, built if missing); run it again
# with an older build to compare. A render still running after SECONDS (default 120) is killed and
# shown as such. Needs python3 (to write the texts), ImageMagick's convert (the picture) and GNU time.
#
# The cases: those of issue 41 as filed (refused at once by a build with the caption limits), the
# same cut to the limits (what such a build draws when the text comes another way, say from the
# store), and the costliest captions within the limits found: 10,000 characters of letters each with
# the most combining marks allowed, as top and bottom captions and in a turned box.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=120
while getopts "t:" option; do
  case $option in
    t) seconds=$OPTARG ;;
    *) sed -n 5,10p "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
mememe=${1:-.build/release/mememe}
if [ ! -x "$mememe" ]; then swift build -c release --product mememe >&2; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
convert -size 800x600 gradient:steelblue-orange -quality 90 "$work/in.jpg"

# Each case is a file of NUL-separated arguments.
python3 - "$work" <<'PYTHON'
import os, sys
work = sys.argv[1]
def words(length):
    return ' '.join('word%d' % i for i in range(length // 4 + 1))[:length]
def zalgo(letters, marks):
    return ''.join(chr(0x61 + l % 26) + ''.join(chr(0x300 + (m * 7 + l) % 0x70) for m in range(marks))
                   for l in range(letters))
box = ['--box', '0.1,0.1,0.8,0.8', '--angle=33']
limit_chars, limit_lines, limit_marks = 10000, 500, 6
cases = {
    # As filed.
    'long words, top and bottom (60,000 characters each)': ['--top=' + words(60000), '--bottom=' + words(60000)],
    'Zalgo, top and bottom (100 letters x 500 marks)': ['--top=' + zalgo(100, 500), '--bottom=' + zalgo(100, 500)],
    'Zalgo, turned box (100 letters x 500 marks)': ['--caption=' + zalgo(100, 500)] + box,
    'many lines, top and bottom ("x\\n" x 65,500)': ['--top=' + 'x\n' * 65500, '--bottom=' + 'x\n' * 65500],
    # Cut to the limits.
    'long words at the limit, top and bottom': ['--top=' + words(limit_chars), '--bottom=' + words(limit_chars)],
    'Zalgo at the marks limit, turned box (100 letters)': ['--caption=' + zalgo(100, limit_marks)] + box,
    'lines at the limit, top and bottom': ['--top=' + 'x\n' * (limit_lines - 1) + 'x',
                                           '--bottom=' + 'x\n' * (limit_lines - 1) + 'x'],
    # The costliest within the limits.
    'worst: Zalgo at every limit, top and bottom': ['--top=' + zalgo(limit_chars // (limit_marks + 1), limit_marks),
                                                    '--bottom=' + zalgo(limit_chars // (limit_marks + 1), limit_marks)],
    'worst: Zalgo at every limit, turned box': ['--caption=' + zalgo(limit_chars // (limit_marks + 1), limit_marks)] + box,
}
for index, (name, arguments) in enumerate(cases.items()):
    with open(os.path.join(work, 'case%02d' % index), 'w') as f:
        f.write(name + '\0' + '\0'.join(arguments))
PYTHON

printf '%-55s %9s %9s %9s  %s\n' case "wall s" "cpu s" "peak MB" result
for file in "$work"/case*; do
  mapfile -d '' fields <"$file"
  name=${fields[0]}
  arguments=("${fields[@]:1}")
  status=0
  # TERM, not KILL: timeout kills its own process group with the signal, and only a timeout that
  # lives on reaps the render, whose time and memory GNU time reports.
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" timeout -s TERM -k 5 "$seconds" \
    "$mememe" render "$work/in.jpg" -o "$work/out.png" "${arguments[@]}" >/dev/null 2>"$work/err" || status=$?
  read -r wall user system peak < <(tail -1 "$work/time" | grep -Eo '[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+$' || echo "- 0 0 0")
  case $status in
    0) result=drawn ;;
    1) result="refused: $(head -c 70 "$work/err")…" ;;
    124 | 137) result="stopped after ${seconds}s" ;;
    *) result="status $status" ;;
  esac
  printf '%-55s %9s %9.2f %9d  %s\n' "$name" "$wall" "$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')" "$((peak / 1024))" "$result"
done
