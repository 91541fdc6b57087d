#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the README's test command the way a new contributor would: on a brand-new Debian 12 with
# only the Swift toolchain added (a debootstrap minbase chroot, build-aux/fresh-debian.sh), in a
# fresh clone of this repository's HEAD. A package this machine happens to have but the project's
# lists do not name makes it fail here.
#
#   build-aux/fresh-check.sh            the whole of .ci/run (every stage)
#   build-aux/fresh-check.sh CMD...     another command in the clone instead, e.g. build-aux/run-app.sh --help
#   FRESH_CHECK_KEEP=1 …                keep the chroot (its path is printed) to look around afterwards
#
# Needs root (debootstrap, mounts, chroot). Prints how long it took.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
# shellcheck source=build-aux/fresh-debian.sh
source "$here/fresh-debian.sh"
[ "$(id -u)" -eq 0 ] || { echo "fresh-check.sh: run it as root (debootstrap and chroot need it)" >&2; exit 2; }
command=("$@")
[ ${#command[@]} -gt 0 ] || command=(bash .ci/run)

root=$(mktemp -d "${TMPDIR:-/var/tmp}/mememe-fresh.XXXXXX")
# apt downloads as the _apt user, who must be able to reach the chroot.
chmod 0755 "$root"
cleanup() {
  local status=$?
  # What the fuzzers found goes with the chroot otherwise; keep it (and its logs) to replay.
  local findings="$root/root/mememe/.build-fuzz"
  if [ -d "$findings/findings" ] && [ -n "$(find "$findings/findings" -type f 2>/dev/null)" ]; then
    local kept="${TMPDIR:-/var/tmp}/mememe-fresh-findings.$(date +%s)"
    mkdir -p "$kept" && cp -r "$findings/findings" "$findings/logs" "$kept/" 2>/dev/null
    echo "fresh-check: the fuzzers found something; their inputs and logs are in $kept"
  fi
  if [ -n "${FRESH_CHECK_KEEP:-}" ]; then
    echo "fresh-check.sh: kept $root (remove it with: source build-aux/fresh-debian.sh; fresh_debian_remove $root)"
  else
    fresh_debian_remove "$root" || true
  fi
  exit "$status"
}
trap cleanup EXIT

start=$(date +%s)
echo "fresh-check: Debian 12 minbase in $root"
fresh_debian_create "$root"
fresh_debian_mount "$root"
echo "fresh-check: the Swift toolchain and its own dependencies"
fresh_debian_add_toolchain "$root"
# What is committed, as CI clones it: nothing uncommitted or ignored comes along.
git clone -q "$repo" "$root/root/mememe"
echo "fresh-check: $(git -C "$repo" rev-parse --short HEAD) ready after $(($(date +%s) - start)) s; running: ${command[*]}"
status=0
fresh_debian_run "$root" bash -c 'cd /root/mememe && exec "$@"' fresh-check "${command[@]}" || status=$?
elapsed=$(($(date +%s) - start))
echo "fresh-check: '${command[*]}' exited $status after $((elapsed / 60)) min $((elapsed % 60)) s in all"
exit "$status"
