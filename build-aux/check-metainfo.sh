#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the built AppStream metainfo for what a software centre needs to list MemeMe well
# (Flathub's metainfo and quality guidelines), so that none of it goes missing unnoticed:
# the developer, screenshots, branding colours, links, the gettext domain, this version's release
# notes, the description's promises, a German text for every translatable text, and appstreamcli's
# pedantic validation with no warnings. Run by `meson test`.
# Usage: check-metainfo.sh METAINFO SOURCE_ROOT VERSION
set -euo pipefail
metainfo=$1 root=$2 version=$3
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
query() { xmllint --xpath "$1" "$metainfo"; }
# expect_count XPATH EXPECTED WHAT: count(XPATH) must be EXPECTED ("N" or ">=N").
expect_count() {
  local count
  count=$(query "count($1)")
  case $2 in
  '>='*) [ "$count" -ge "${2#>=}" ] || fail "$3: $count, expected at least ${2#>=} ($1)" ;;
  *) [ "$count" -eq "$2" ] || fail "$3: $count, expected $2 ($1)" ;;
  esac
}
untranslated='not(@xml:lang)'

# The developer, as <developer> (AppStream 1.0), not the deprecated <developer_name>.
expect_count "/component/developer[@id='io.github.mememe']/name[$untranslated]" 1 "developer name"
expect_count "/component/developer_name" 0 "deprecated developer_name"

# Links and the translation domain.
for type in homepage bugtracker vcs-browser translate contribute; do
  expect_count "/component/url[@type='$type'][starts-with(., 'https://')]" 1 "url type=$type"
done
expect_count "/component/translation[@type='gettext'][. = 'mememe']" 1 "gettext translation domain"

# Branding: a primary colour for each colour scheme.
for scheme in light dark; do
  expect_count "/component/branding/color[@type='primary'][@scheme_preference='$scheme']" 1 "$scheme colour"
done

# Screenshots: at least three, the default (the editor) first, each with one caption without a
# final full stop, an image in this release's tag of the repository that is committed under
# data/screenshots/, at most 1000×700, with the size it is said to be, and one in the dark style.
shots=/component/screenshots/screenshot
expect_count "$shots" '>=3' "screenshots"
expect_count "$shots[1][@type='default']" 1 "the first screenshot is the default"
expect_count "$shots[@type='default']" 1 "default screenshots"
base="https://raw.githubusercontent.com/mememe/MemeMe/v$version/data/screenshots/"
dark=0
for index in $(seq 1 "$(query "count($shots)")"); do
  shot="$shots[$index]"
  expect_count "$shot/caption[$untranslated]" 1 "screenshot $index's caption"
  caption=$(query "string($shot/caption[$untranslated])")
  [[ $caption == *. ]] && fail "screenshot $index's caption ends in a full stop: $caption"
  expect_count "$shot/image" 1 "screenshot $index's images"
  url=$(query "string($shot/image)")
  [[ $url == "$base"*.png ]] || { fail "screenshot $index is not a PNG under $base: $url"; continue; }
  file="$root/data/screenshots/${url#"$base"}"
  [ -f "$file" ] || { fail "screenshot $index: no $file"; continue; }
  # A PNG's width and height are the big-endian words at bytes 16 and 20 (its IHDR chunk).
  read -r width height < <(od -An -tu1 -j16 -N8 "$file" |
    awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }')
  if [ "$width" -gt 1000 ] || [ "$height" -gt 700 ]; then
    fail "screenshot $index is ${width}×${height}, larger than 1000×700"
  fi
  [ "$(query "string($shot/image/@width)")" = "$width" ] && [ "$(query "string($shot/image/@height)")" = "$height" ] ||
    fail "screenshot $index is ${width}×${height}, not as its width and height say"
  [[ $file == *-dark-* ]] && dark=$((dark + 1))
done
[ "$dark" -ge 1 ] || fail "no screenshot in the dark style (a name with -dark-)"
[[ $(query "string($shots[1]/image)") == "$base"editor-* ]] || fail "the first screenshot is not the editor"

# This version's release, newest first, with notes in full sentences; the Swift code, the meson
# project and the Debian changelog give the same version.
expect_count "/component/releases/release[1][@version='$version']" 1 "newest release is $version"
expect_count "/component/releases/release[1]/description/p[$untranslated]" '>=2' "release $version's paragraphs"
for index in $(seq 1 "$(query "count(/component/releases/release[1]/description/p[$untranslated])")"); do
  sentence=$(query "normalize-space(/component/releases/release[1]/description/p[$untranslated][$index])")
  [[ $sentence =~ ^[A-Z].*[a-z].*\.$ ]] || fail "release note $index is not a full sentence: $sentence"
done
grep -q "static let version = \"$version\"" "$root/Sources/MemeUI/Application/AppIdentity.swift" ||
  fail "AppIdentity.version is not $version"
head -1 "$root/debian/changelog" | grep -q "^mememe ($version)" || fail "debian/changelog's newest entry is not $version"

# The description's promises.
for promise in 'location and camera details are removed' 'no watermark'; do
  expect_count "/component/description/p[$untranslated][contains(., '$promise')]" 1 "the description's \"$promise\""
done

# German for every translatable text (po/de.po, merged by meson).
for element in /component/summary /component/description/p /component/description/ul/li \
  "$shots/caption" "/component/releases/release/description/p"; do
  english=$(query "count($element[$untranslated])")
  expect_count "$element[@xml:lang='de']" "$english" "German texts of $element"
done

# appstreamcli: no error, no warning. Two notes stay, neither of which can be acted on here:
# the component id has capital letters (it is the app's id, which names its settings and data),
# and AppStream 0.16 (Debian 12) does not know <developer>, which AppStream 1.0 and Flathub want.
report=$(appstreamcli validate --no-net --pedantic --explain "$metainfo" 2>&1) || true
issues=$(grep -E '^[EWIP]: ' <<<"$report" |
  grep -v -E '^P: [^ ]+ cid-contains-uppercase-letter|^I: [^ ]+ unknown-tag developer$' || true)
[ -z "$issues" ] || fail "appstreamcli validate --pedantic:"$'\n'"$report"
grep -q 'Validation was successful' <<<"$report" || fail "appstreamcli validate failed:"$'\n'"$report"

if [ "$failures" -gt 0 ]; then
  echo "$failures check(s) of $metainfo failed"
  exit 1
fi
echo "$metainfo: every check passed"
