#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the software centre's screenshots (data/screenshots/, named in the AppStream metainfo) from
# the real app: it draws the photos (ImageMagick; nobody else's pictures), runs the screenshot
# tests that take them (ScreenshotSetTests' store* tests, the same steps as the whole screenshot
# set) on a virtual X display, and copies what they wrote. Look at every picture before committing.
#
#   build-aux/make-screenshots.sh            after `swift build --build-tests`
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build-aux/install-deps.sh build-aux/debian-packages.txt build-aux/test-packages.txt
work=$(mktemp -d "${TMPDIR:-/tmp}/mememe-screenshots.XXXXXX")
trap 'rm -rf "$work"' EXIT

# A landscape "photo" 1600×1067: a sky from TOP to HORIZON colour with clouds (a seeded plasma
# fractal), a glowing sun at SUN (x,y), two ranges of hills (SVG paths) in NEAR and FAR colours,
# given texture, and a little grain, as a camera's JPEG.
photo() {
  local out=$1 seed=$2 top=$3 horizon=$4 sun=$5 far=$6 far_path=$7 near=$8 near_path=$9 clouds=${10}
  local size=1600x1067 x=${sun%,*} y=${sun#*,}
  convert -size $size "gradient:$top-$horizon" \
    \( -size $size -seed "$seed" plasma:fractal -blur 0x6 -colorspace gray -auto-level \
    -level "$clouds",100% \) -compose screen -composite \
    \( -size $size xc:none -fill '#fff3b0' -draw "circle $x,$y $x,$((y - 80))" -blur 0x25 \) \
    -compose over -composite \
    \( -size $size xc:none -fill '#fff8d8' -draw "circle $x,$y $x,$((y - 55))" \) -compose over -composite \
    -fill "$far" -draw "path '$far_path'" -fill "$near" -draw "path '$near_path'" \
    \( -size $size -seed "$((seed + 1))" plasma:fractal -blur 0x1 -colorspace gray -auto-level +level 78%,100% \) \
    -compose multiply -composite \
    -attenuate 0.4 +noise Gaussian -quality 90 "$out"
}
echo "make-screenshots: drawing the photos"
hills_far='M 0,760 C 300,620 520,700 800,690 C 1050,680 1250,600 1600,720 L 1600,1067 L 0,1067 Z'
hills_near='M 0,880 C 400,780 700,900 1000,860 C 1250,830 1400,800 1600,850 L 1600,1067 L 0,1067 Z'
peaks_far='M 0,700 L 250,420 L 420,560 L 700,300 L 950,600 L 1200,380 L 1600,690 L 1600,1067 L 0,1067 Z'
peaks_near='M 0,900 L 300,700 L 600,860 L 900,720 L 1250,880 L 1600,760 L 1600,1067 L 0,1067 Z'
dunes_far='M 0,720 C 400,650 800,760 1200,690 C 1400,660 1500,700 1600,700 L 1600,1067 L 0,1067 Z'
dunes_near='M 0,860 C 300,820 600,940 1000,880 C 1300,840 1450,900 1600,870 L 1600,1067 L 0,1067 Z'
photo "$work/photo-1.jpg" 11 '#1d3f8a' '#f29b54' 1100,640 '#2d4a3a' "$hills_far" '#1c3326' "$hills_near" 45% &
photo "$work/photo-2.jpg" 23 '#0b1d4a' '#6d8fcf' 300,380 '#3b4b66' "$peaks_far" '#1f2a3d' "$peaks_near" 60% &
photo "$work/photo-3.jpg" 37 '#4a90d9' '#d6ecff' 1300,260 '#c9a25a' "$dunes_far" '#a67c3d' "$dunes_near" 55% &
wait
photo "$work/photo-4.jpg" 41 '#7a3b8f' '#ffb36b' 800,700 '#553344' "$peaks_far" '#2e1f2b' "$hills_near" 50% &
photo "$work/photo-5.jpg" 53 '#2b6cb0' '#a3d5ff' 400,250 '#4f7a3a' "$hills_far" '#355a26' "$dunes_near" 50% &
photo "$work/photo-6.jpg" 67 '#12355b' '#f7c873' 1200,720 '#2a3f55' "$dunes_far" '#16222e' "$peaks_near" 55% &
wait
photo "$work/photo-7.jpg" 79 '#3d7cc9' '#ffe0b3' 700,300 '#6b8e4e' "$peaks_far" '#3f5e2f' "$hills_near" 50%

echo "make-screenshots: taking them"
rm -rf test-output/store
MEMEME_TEST_OUTPUT="$root/test-output" MEMEME_SCREENSHOT_PHOTOS="$work" build-aux/with-display.sh x11 \
  swift test --skip-build --filter 'ScreenshotSetTests/store'
mkdir -p data/screenshots
rm -f data/screenshots/*.png
cp test-output/store/*.png data/screenshots/
ls -l data/screenshots
