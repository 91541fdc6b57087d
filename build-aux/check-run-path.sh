#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when the binary BINARY has a run path (RPATH or RUNPATH) with $ORIGIN, or one that is not
# an absolute path: the dynamic loader would then look for libraries (libgtk-4.so.1, …) beside
# wherever a copy of the binary is run from, such as ~/Downloads, and load one planted there.
# MemeMe links the Swift runtime in and needs no run path at all. Usage: check-run-path.sh BINARY
set -euo pipefail
binary=$1
dynamic=$(readelf -d "$binary")
paths=$(grep -E '\((RPATH|RUNPATH)\)' <<<"$dynamic" || true)
if [ -z "$paths" ]; then
  echo "check-run-path: $binary has no RPATH or RUNPATH"
  exit 0
fi
echo "$paths"
# Each entry of the list in brackets: "Library runpath: [a:b]".
list=$(sed -E 's/.*\[(.*)\].*/\1/' <<<"$paths" | tr ':' '\n')
status=0
while IFS= read -r entry; do
  case $entry in
  *'$ORIGIN'* | *'${ORIGIN}'*)
    echo "check-run-path: $binary looks for libraries beside itself ($entry)" >&2
    status=1
    ;;
  /*) ;;
  *)
    echo "check-run-path: $binary has a run path relative to where it is run ($entry)" >&2
    status=1
    ;;
  esac
done <<<"$list"
exit $status
