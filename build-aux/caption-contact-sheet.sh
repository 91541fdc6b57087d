#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Renders many captions with `mememe render` and puts them on one contact sheet, for a person to
# look at: build-aux/caption-contact-sheet.sh [PHOTO] [SHEET.png]
# The captions are those of the golden images (Tests/MemeCoreTests/Golden/cases.tsv) and more:
# every script, emoji, long and short captions, and explicit line breaks, in the classic layout, and
# then a few of them as the caption band and the demotivational poster. Needs imagemagick.
set -euo pipefail
cd "$(dirname "$0")/.."
golden=Tests/MemeCoreTests/Golden
photo=${1:-$golden/photo-landscape.jpg}
sheet=${2:-test-output/caption-contact-sheet.png}
swift build --product mememe >/dev/null 2>&1
mememe=$(swift build --show-bin-path)/mememe
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

captions=(
  $'top\tbottom'
  $'one does not simply\twalk into a meme editor'
  $'when you finally get the meme renderer to compile\tand it works'
  $'"quotes" & ampersands (and brackets)\t100% of $5 — wait... what?!'
  $'when the build passes 😂🎉\t🔥🔥🔥'
  $'family 👩‍👩‍👧‍👦 time\t🏳️‍🌈 pride 🧑‍💻'
  $'🇩🇪🇫🇷🇯🇵🇺🇸\twales 🏴󠁧󠁢󠁷󠁬󠁳󠁿 scotland 🏴󠁧󠁢󠁳󠁣󠁴󠁿'
  $'👍🏽 👋🏿 👌🏻\thigh five 🙌🏾'
  $'吾輩は猫である。名前はまだ無い。\t测试全部通过'
  $'안녕하세요 세계\t밈을 만들자'
  $'مرحبا بالعالم، هذا ميم\tשלום עולם זה מם'
  $'hello שלום world\tmeme مرحبا 2024'
  $'A\u0301E\u0301I\u0301 Z̤̈ a͞b\tTiếng Việt có dấu'
  $'Γειά σου κόσμε\tПривет, мир'
  $'नमस्ते दुनिया\tสวัสดีชาวโลก'
  $'straße\tÇà et là, ñandú'
  $'first line\nsecond line\nthird\ta\n\nb'
  $'supercalifragilisticexpialidocious\txxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'
  $'MWV AVA WMW\tVVVV MMMM'
  $'★ ♥ → ∞ ≠ ✓\t© ® ™ € £ ¥'
)
long="when you see the code review comments and realise that every single one of them is about the"
long+=" formatting of a caption renderer that nobody else will ever read again"
captions+=("$long"$'\t'"$long")
layouts=()
while IFS=$'\t' read -r name _ top bottom layout; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  captions+=("${top//\\n/$'\n'}"$'\t'"${bottom//\\n/$'\n'}")
  layouts[${#captions[@]}]=${layout:-classic}
done <"$golden/cases.tsv"
# The band and the poster with short, long, emoji and right-to-left texts.
for layout in band poster; do
  for pair in "${captions[@]:1:4}" "${captions[@]:10:1}" "$long"$'\t'"$long"; do
    captions+=("$pair")
    layouts[${#captions[@]}]=$layout
  done
done

index=0
for pair in "${captions[@]}"; do
  index=$((index + 1))
  "$mememe" render "$photo" --top "${pair%%$'\t'*}" --bottom "${pair#*$'\t'}" \
    --layout "${layouts[$index]:-classic}" -o "$work/$(printf '%03d' "$index").png" 2>/dev/null || echo "caption $index failed" >&2
done
mkdir -p "$(dirname "$sheet")"
montage "$work"/*.png -tile 4x -geometry 480x+4+4 -background '#333' "$sheet"
echo "$sheet: ${#captions[@]} captions"
