#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds MemeMe's Debian package (build-aux/build-deb.sh) and installs it on a brand-new Debian 12
# that has never seen the Swift toolchain or a -dev package (a debootstrap minbase chroot,
# build-aux/fresh-debian.sh), with `apt-get install ./mememe_*.deb` as a user would. There it checks:
#   - nothing of Swift and no -dev package came with it, and the binary finds every library;
#   - `mememe --version`, and `mememe render` gives the very bytes the in-tree build gives;
#   - `mememe collect` reads the words of that render (Tesseract and its data came with it);
#   - the desktop entry, metainfo, icons, GSettings schema, manual page and German translation are
#     where the system finds them (desktop-file-validate, appstreamcli validate, gsettings
#     list-keys, the icon cache, the German window's texts);
#   - the app starts on a virtual X display and shows its editor (a screenshot, to look at);
#   - `apt-get remove --purge mememe` leaves none of the package's files behind.
#
#   build-aux/deb-check.sh [DEB]         DEB: a package already built, instead of building one
#   DEB_CHECK_OUTPUT=DIR …               where the screenshot goes (default .build-deb/check)
#   FRESH_CHECK_KEEP=1 …                 keep the chroot to look around in
#
# Needs root (debootstrap, mounts, chroot). Prints how long each part took.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
# shellcheck source=build-aux/fresh-debian.sh
source "$here/fresh-debian.sh"
[ "$(id -u)" -eq 0 ] || { echo "deb-check.sh: run it as root (debootstrap and chroot need it)" >&2; exit 2; }
start=$(date +%s)
step() { echo "deb-check: $* ($(($(date +%s) - start)) s)"; }

if [ $# -gt 0 ]; then
  deb=$(readlink -f "$1")
else
  "$here/build-deb.sh" | tee /dev/stderr | tail -1 >"${TMPDIR:-/tmp}/deb-check.$$"
  deb=$(cat "${TMPDIR:-/tmp}/deb-check.$$") && rm -f "${TMPDIR:-/tmp}/deb-check.$$"
fi
[ -f "$deb" ] || { echo "deb-check.sh: no package $deb" >&2; exit 2; }
version=$(dpkg-deb -f "$deb" Version)
output=$(mkdir -p "${DEB_CHECK_OUTPUT:-$repo/.build-deb/check}" && cd "${DEB_CHECK_OUTPUT:-$repo/.build-deb/check}" && pwd)
step "checking $deb"

# The in-tree build's renders, to compare with the package's: a JPEG photo (a sunset drawn by
# ImageMagick) to JPEG, which takes the block path, and to PNG, with accented captions in Bebas Neue.
swift build -c release --static-swift-stdlib --package-path "$repo" --product mememe >/dev/null
in_tree="$(swift build -c release --static-swift-stdlib --package-path "$repo" --show-bin-path)/mememe"
work=$(mktemp -d "${TMPDIR:-/tmp}/deb-check.XXXXXX")
convert -size 1200x800 gradient:'#1d3f8a-#f29b54' -fill '#fff3b0' -draw 'circle 800,520 800,460' \
  -fill '#2d4a3a' -draw 'ellipse 400,900 700,300 180,360' -fill '#1c3326' -draw 'ellipse 1000,950 650,280 180,360' \
  -quality 92 "$work/photo.jpg"
render_arguments=(--top "Crème brûlée" --bottom "zu süß" --font "Bebas Neue")
"$in_tree" render "$work/photo.jpg" "${render_arguments[@]}" -o "$work/in-tree.jpg"
"$in_tree" render "$work/photo.jpg" "${render_arguments[@]}" -o "$work/in-tree.png"
step "in-tree renders made"

root=$(mktemp -d "${TMPDIR:-/var/tmp}/mememe-deb.XXXXXX")
chmod 0755 "$root"
cleanup() {
  local status=$?
  if [ -n "${FRESH_CHECK_KEEP:-}" ]; then
    echo "deb-check.sh: kept $root (remove it with: source build-aux/fresh-debian.sh; fresh_debian_remove $root)"
  else
    fresh_debian_remove "$root" || true
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
fresh_debian_create "$root"
fresh_debian_mount "$root"
fresh_debian_keep_downloads "$root"
step "Debian 12 minbase in $root"
run() { fresh_debian_run "$root" "$@"; }
apt_install() { run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null; }

cp "$deb" "$root/root/"
cp "$work/photo.jpg" "$root/root/"
run apt-get update -qq
# As a user installs it: from its folder, with its Recommends.
run sh -c 'cd /root && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ./mememe_*.deb >/dev/null'
step "installed with apt-get"

# Nothing of Swift, no -dev package; every library the binary needs is there.
no_dev() {
  local dev
  dev=$(run dpkg-query -W -f '${Package}\n' | grep -E -- '-dev(:|$)' || true)
  [ -z "$dev" ] || { echo "deb-check.sh: -dev packages in the chroot: $dev" >&2; exit 1; }
  if run sh -c 'command -v swift || find / -xdev -name "libswift*" -print -quit | grep .'; then
    echo "deb-check.sh: Swift is in the chroot" >&2
    exit 1
  fi
}
no_dev
if run ldd /usr/bin/mememe | grep -E 'not found|libswift|libFoundation'; then
  echo "deb-check.sh: the installed mememe misses a library or needs Swift's" >&2
  exit 1
fi

# The command line: its version, and renders byte for byte as the in-tree build's.
[ "$(run mememe --version)" = "$version" ] || { echo "deb-check.sh: mememe --version is not $version" >&2; exit 1; }
run mememe render /root/photo.jpg "${render_arguments[@]}" -o /root/package.jpg
run mememe render /root/photo.jpg "${render_arguments[@]}" -o /root/package.png
cmp "$work/in-tree.jpg" "$root/root/package.jpg"
cmp "$work/in-tree.png" "$root/root/package.png"
step "mememe --version says $version; its renders are the in-tree build's, byte for byte"

# Reading the words in pictures: Tesseract and its English data came with the package.
collected=$(run env XDG_DATA_HOME=/root/data mememe collect /root/package.jpg)
echo "$collected"
grep -qi '^Added package.jpg: .*zu' <<<"$collected" ||
  { echo "deb-check.sh: mememe collect did not read the meme's words" >&2; exit 1; }
step "mememe collect reads the words of the package's own render"

# What checks the data files and shows the app; none of it is a -dev package either.
apt_install --no-install-recommends desktop-file-utils appstream libglib2.0-bin xvfb xauth dbus \
  x11-utils imagemagick
no_dev
id=io.github.mememe.MemeMe
run desktop-file-validate "/usr/share/applications/$id.desktop"
run appstreamcli validate --no-net "/usr/share/metainfo/$id.metainfo.xml" >/dev/null
run grep -q 'xml:lang="de"' "/usr/share/metainfo/$id.metainfo.xml"
# Every key of the schema, from the schema the system compiled.
expected=$(grep -o '<key name="[^"]*"' "$repo/data/$id.gschema.xml" | cut -d'"' -f2 | sort)
[ "$(run gsettings list-keys "$id" | sort)" = "$expected" ] || {
  echo "deb-check.sh: gsettings list-keys $id is not the schema's keys" >&2
  exit 1
}
for icon in "scalable/apps/$id.svg" "symbolic/apps/$id-symbolic.svg"; do
  [ -f "$root/usr/share/icons/hicolor/$icon" ] || { echo "deb-check.sh: no icon $icon" >&2; exit 1; }
done
run grep -q "$id" /usr/share/icons/hicolor/icon-theme.cache
# The desktop search: the Shell's provider file, and the bus's way to start the app as a service.
grep -qx "BusName=$id" "$root/usr/share/gnome-shell/search-providers/$id.search-provider.ini" ||
  { echo "deb-check.sh: no search provider for $id" >&2; exit 1; }
grep -qx "Exec=/usr/bin/mememe --gapplication-service" "$root/usr/share/dbus-1/services/$id.service" ||
  { echo "deb-check.sh: no D-Bus service starting mememe" >&2; exit 1; }
[ -f "$root/usr/share/man/man1/mememe.1.gz" ] || { echo "deb-check.sh: no manual page" >&2; exit 1; }
[ -f "$root/usr/share/locale/de/LC_MESSAGES/mememe.mo" ] || { echo "deb-check.sh: no German catalogue" >&2; exit 1; }
step "desktop entry, metainfo, schema, search provider, D-Bus service, icons, manual page and catalogue in place"

# The app on a virtual X display: its first window in German, then the editor on screen.
display() {
  run env HOME=/root XDG_RUNTIME_DIR=/tmp GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=1 "$@"
}
texts=$(display LANGUAGE=de xvfb-run -a dbus-run-session -- mememe --print-texts)
for text in Teilen Abbrechen Kamera "Noch kein Bild" Tastenkürzel; do
  grep -qx "$text" <<<"$texts" || { echo "deb-check.sh: the German window has no $text:"$'\n'"$texts" >&2; exit 1; }
done
! grep -qx Share <<<"$texts" || { echo "deb-check.sh: the German window says Share" >&2; exit 1; }
# The editor is the window of the app's class larger than GDK's 1×1 leader window: the leader is the
# one titled "MemeMe", and the editor's title is its picture's name.
display xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- sh -c '
  mememe /root/photo.jpg & app=$!
  for attempt in $(seq 1 100); do
    window=$(xwininfo -root -tree | awk "/\"mememe\" \"mememe\"/ && !/ 1x1[+]/ { print \$1; exit }")
    [ -n "$window" ] && break
    sleep 0.2
  done
  [ -n "$window" ] || { echo "no MemeMe window appeared"; kill $app; exit 1; }
  sleep 3  # the picture loads and the captions are drawn
  import -window "$window" /root/editor.png
  kill $app
'
cp "$root/root/editor.png" "$output/editor.png"
# A window drawn with the photo has thousands of colours; a blank or failed one a handful.
colours=$(identify -format %k "$output/editor.png")
[ "$colours" -gt 1000 ] || { echo "deb-check.sh: the editor's screenshot has $colours colours" >&2; exit 1; }
step "the editor was shown: $output/editor.png"

# Removed and purged, none of its files stays.
run dpkg-query -L mememe >"$work/files"
run env DEBIAN_FRONTEND=noninteractive apt-get remove --purge -y -qq mememe >/dev/null
left=()
while read -r file; do
  [ -e "$root$file" ] && [ ! -d "$root$file" ] && left+=("$file")
done <"$work/files"
[ -d "$root/usr/share/doc/mememe" ] && left+=(/usr/share/doc/mememe)
[ ${#left[@]} -eq 0 ] || { echo "deb-check.sh: left behind: ${left[*]}" >&2; exit 1; }
if run dpkg-query -W -f '${db:Status-Abbrev}' mememe 2>/dev/null | grep -qv '^[up]n'; then
  echo "deb-check.sh: dpkg still has mememe: $(run dpkg-query -W -f '${db:Status-Abbrev}' mememe)" >&2
  exit 1
fi
step "removed and purged: none of its $(wc -l <"$work/files") files and folders is left"
echo "deb-check: $(basename "$deb") passed in $(($(date +%s) - start)) s"
