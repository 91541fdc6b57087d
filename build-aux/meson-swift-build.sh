#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Called by meson: builds the `mememe` product with SwiftPM in release mode and copies the binary
# to the path meson expects. Usage: meson-swift-build.sh SOURCE_ROOT SCRATCH_DIR OUTPUT [SWIFT_FLAGS...]
set -euo pipefail
source_root=$1 scratch=$2 output=$3
shift 3
# The Swift runtime and Foundation are linked in: the installed app needs no toolchain on the
# machine, and it starts faster with fewer shared libraries to load.
# The linker options of LDFLAGS (-Wl,...), as a distribution's build asks for them: Debian's
# hardening gives "-Wl,-z,relro -Wl,-z,now". SwiftPM does not read LDFLAGS itself.
linker=()
for flag in ${LDFLAGS:-}; do
  case $flag in
  -Wl,*)
    IFS=, read -r -a options <<<"${flag#-Wl,}"
    for option in "${options[@]}"; do linker+=(-Xlinker "$option"); done
    ;;
  esac
done
# SwiftPM gives every executable a run path of $ORIGIN (`--disable-local-rpath` leaves it out): an
# installed /usr/bin/mememe, or a copy run from ~/Downloads, would load a libgtk-4.so.1 planted
# beside it. With the Swift runtime linked in, the binary needs no run path at all (meson's test
# "binary has no run path" holds it to that).
swift build -c release --static-swift-stdlib --disable-local-rpath --product mememe \
  --package-path "$source_root" --scratch-path "$scratch" "${linker[@]}" "$@"
cp "$scratch/release/mememe" "$output"
