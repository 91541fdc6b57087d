# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced, not run: a brand-new Debian 12 (bookworm) as a chroot, for checking that the project's own
# files install everything MemeMe needs, on a machine that has nothing but what they install.
#
#   fresh_debian_create ROOT      debootstrap --variant=minbase into ROOT (a cached copy of the
#                                 bare system is reused: FRESH_DEBIAN_CACHE, default ~/.cache/mememe-fresh)
#   fresh_debian_add_toolchain ROOT
#                                 the Swift toolchain of this machine, bound in read-only at the same
#                                 path, with the packages swift.org lists for it on Debian 12 and the
#                                 machine's git settings (where Swift packages are fetched from)
#   fresh_debian_mount ROOT       /proc, /sys, /dev, /run and /tmp for the chroot
#   fresh_debian_keep_downloads ROOT
#                                 apt's downloaded packages kept between chroots (in the same cache),
#                                 so that installing the same packages again does not fetch them again
#   fresh_debian_run ROOT CMD...  runs CMD as root inside, with a clean environment
#   fresh_debian_remove ROOT      unmounts everything and deletes ROOT
#
# Each needs root. Nothing here is installed into the chroot but debootstrap's minimal base and the
# toolchain's own dependencies: anything else must come from the project's scripts.

fresh_debian_suite=bookworm
fresh_debian_mirror=${FRESH_DEBIAN_MIRROR:-http://deb.debian.org/debian}

# The packages the Swift toolchain itself needs on Debian 12 (swift.org's installation page), and
# git, which SwiftPM uses to fetch packages. A person who installed "only the Swift toolchain" has these.
fresh_debian_toolchain_packages=(
  binutils-gold ca-certificates gcc git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libgcc-12-dev
  libncurses-dev libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev libz3-dev pkg-config tzdata
  unzip zlib1g-dev
)

fresh_debian_create() {
  local root=$1
  local cache=${FRESH_DEBIAN_CACHE:-$HOME/.cache/mememe-fresh}
  local tarball="$cache/$fresh_debian_suite-minbase.tar.gz"
  command -v debootstrap >/dev/null || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap
  }
  mkdir -p "$cache" "$root"
  if [ ! -s "$tarball" ]; then
    # Only the downloaded packages are cached; every chroot is unpacked and configured anew.
    debootstrap --variant=minbase --make-tarball="$tarball.part" "$fresh_debian_suite" "$root.tarball" \
      "$fresh_debian_mirror" >/dev/null
    rm -rf "$root.tarball"
    mv "$tarball.part" "$tarball"
  fi
  debootstrap --variant=minbase --unpack-tarball="$tarball" "$fresh_debian_suite" "$root" \
    "$fresh_debian_mirror" >/dev/null
  # The same package sources as a Debian 12 machine: the release, its updates and security fixes.
  cat >"$root/etc/apt/sources.list" <<EOF
deb $fresh_debian_mirror $fresh_debian_suite main
deb $fresh_debian_mirror $fresh_debian_suite-updates main
deb http://deb.debian.org/debian-security $fresh_debian_suite-security main
EOF
}

fresh_debian_mount() {
  local root=$1
  mount -t proc proc "$root/proc"
  mount --rbind /sys "$root/sys"
  mount --make-rslave "$root/sys"
  mount --rbind /dev "$root/dev"
  mount --make-rslave "$root/dev"
  mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
  mount -t tmpfs -o mode=0755 tmpfs "$root/run"
  # Name look-ups for apt.
  cp -L /etc/resolv.conf "$root/etc/resolv.conf"
}

fresh_debian_add_toolchain() {
  local root=$1
  local swift
  swift=$(command -v swift) || { echo "fresh-debian: no swift on PATH" >&2; return 1; }
  # The toolchain's folder (…/usr/bin/swift → …), bound read-only at the same path.
  local toolchain
  toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")")
  mkdir -p "$root$toolchain"
  mount --bind -o ro "$toolchain" "$root$toolchain"
  mount -o remount,bind,ro "$root$toolchain"
  echo "$toolchain/usr/bin" >"$root/etc/fresh-debian-toolchain-path"
  # Where git (and so SwiftPM) finds packages: this machine's system git settings, and any local
  # copies of packages they point at.
  local config
  config=$(git config --system --list --show-origin 2>/dev/null | sed -n '1s/^file:\([^[:space:]]*\).*/\1/p')
  if [ -n "$config" ] && [ -f "$config" ]; then
    cp "$config" "$root/etc/gitconfig"
    local excludes
    excludes=$(git config --system core.excludesfile || true)
    [ -n "$excludes" ] && [ -f "$excludes" ] && cp "$excludes" "$root$excludes"
    local folder
    for folder in $(git config --system --get-regexp '^url\..*\.insteadof$' | sed 's/^url\.\(.*\)\.insteadof .*/\1/' | sort -u); do
      [ -d "$folder" ] || continue
      mkdir -p "$root$folder"
      mount --bind -o ro "$folder" "$root$folder"
      mount -o remount,bind,ro "$root$folder"
    done
  fi
  fresh_debian_run "$root" apt-get update -qq
  fresh_debian_run "$root" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${fresh_debian_toolchain_packages[@]}" >/dev/null
}

fresh_debian_keep_downloads() {
  local root=$1
  local archives=${FRESH_DEBIAN_CACHE:-$HOME/.cache/mememe-fresh}/apt-archives
  mkdir -p "$archives/partial"
  # apt downloads as the _apt user.
  chmod 0755 "$archives" "$archives/partial"
  mount --bind "$archives" "$root/var/cache/apt/archives"
}

fresh_debian_run() {
  local root=$1
  shift
  local path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  [ -f "$root/etc/fresh-debian-toolchain-path" ] && path="$(cat "$root/etc/fresh-debian-toolchain-path"):$path"
  chroot "$root" /usr/bin/env -i PATH="$path" HOME=/root LANG=C.UTF-8 TERM=dumb CI="${CI:-}" "$@"
}

fresh_debian_remove() {
  local root=$1
  [ -d "$root" ] || return 0
  # Deepest mount points first; lazily, so a process that is still ending cannot keep one busy.
  local point
  for point in $(awk -v root="$root" 'index($2, root "/") == 1 { print $2 }' /proc/self/mounts | sort -r); do
    umount -l "$point" 2>/dev/null || true
  done
  if awk -v root="$root" 'index($2, root "/") == 1 { found = 1 } END { exit !found }' /proc/self/mounts; then
    echo "fresh-debian: $root is still mounted; not removing it" >&2
    return 1
  fi
  rm -rf --one-file-system "$root"
}
