#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sets up a fresh Debian 12 machine (packages), builds MemeMe in release mode, puts its
# translations, icons and settings schema beside the binary (build-aux/stage-data.sh) and starts it.
# Arguments are passed to the app (image files to open, or `render ...`).
set -euo pipefail
cd "$(dirname "$0")/.."
build-aux/install-deps.sh build-aux/debian-packages.txt
swift build -c release --static-swift-stdlib --product mememe
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
build-aux/stage-data.sh "$bin"
exec "$bin/mememe" "$@"
