#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds MemeMe's Debian package, mememe_<version>_amd64.deb, from the repository as it is (the
# files git tracks, with their changes, and new files it does not ignore), with Debian's own tools:
# debian/ (debhelper, meson) built by dpkg-buildpackage in a copy of the tree, so that nothing is
# written beside the repository. Then lintian checks it: an error fails the build; every warning
# kept is listed in CONTRIBUTING.md with its reason.
#
#   build-aux/build-deb.sh [OUTPUT_DIR]      default .build-deb; the .deb's path is the last line
#
# Needs the Swift toolchain on PATH (a build-time tool only: the Swift runtime is linked in
# statically, so the package needs no Swift on the user's machine).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "${1:-$root/.build-deb}" && cd "${1:-$root/.build-deb}" && pwd)
"$root/build-aux/install-deps.sh" "$root/build-aux/debian-packages.txt" "$root/build-aux/deb-packages.txt"
command -v swift >/dev/null || { echo "build-deb.sh: no swift on PATH" >&2; exit 2; }

version=$(dpkg-parsechangelog -l "$root/debian/changelog" -S Version)
work="$out/source"
rm -rf "$work"
mkdir -p "$work/mememe-$version"
git -C "$root" ls-files -z --cached --others --exclude-standard |
  (cd "$root" && tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null) |
  tar -C "$work/mememe-$version" -xf -

start=$(date +%s)
# The source package too (a native one: the tree as a tarball), so that lintian checks debian/ itself.
(cd "$work/mememe-$version" && dpkg-buildpackage -us -uc)
deb="$work/mememe_${version}_amd64.deb"
[ -f "$deb" ] || { echo "build-deb.sh: dpkg-buildpackage made no $deb" >&2; exit 1; }
cp "$deb" "$out/"
echo "build-deb: built in $(($(date +%s) - start)) s"

# The packaged binary needs no Swift library: the runtime and Foundation are linked in.
rm -rf "$work/contents" && dpkg-deb -x "$deb" "$work/contents"
if readelf -d "$work/contents/usr/bin/mememe" | grep -E 'NEEDED.*libswift|NEEDED.*libFoundation|NEEDED.*libdispatch'; then
  echo "build-deb.sh: the packaged mememe needs Swift's shared libraries" >&2
  exit 1
fi

# Nor a run path: with $ORIGIN in it, a copy run from ~/Downloads would load libraries planted there.
readelf -d "$work/contents/usr/bin/mememe" | grep -E 'NEEDED|RPATH|RUNPATH'
"$root/build-aux/check-run-path.sh" "$work/contents/usr/bin/mememe"

echo "build-deb: lintian"
lintian --fail-on error --display-info --tag-display-limit 0 "$work"/mememe_"${version}"_*.changes
echo "$out/mememe_${version}_amd64.deb"
