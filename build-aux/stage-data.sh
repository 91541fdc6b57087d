#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Puts the app's data beside a SwiftPM build, where the binary looks for it when it is not
# installed: like an installed <prefix>/bin/mememe finds <prefix>/share, a binary in
# .build/<triple>/release finds .build/<triple>/share. Compiles the translations (po/*.po), copies
# the icons and compiles the GSettings schema there, so `build-aux/run-app.sh` starts an app that
# speaks the user's language, shows its icon and remembers its settings.
# Usage: stage-data.sh BIN_DIR     e.g. stage-data.sh "$(swift build -c release --show-bin-path)"
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# The binary resolves symbolic links (.build/release → .build/<triple>/release) before looking.
bin=$(cd "$1" && pwd -P)
share="$(dirname "$bin")/share"
app_id=io.github.mememe.MemeMe

while read -r language; do
  [[ -z $language || $language == \#* ]] && continue
  mkdir -p "$share/locale/$language/LC_MESSAGES"
  msgfmt --check -o "$share/locale/$language/LC_MESSAGES/mememe.mo" "$root/po/$language.po"
done <"$root/po/LINGUAS"

for kind in scalable symbolic; do
  mkdir -p "$share/icons/hicolor/$kind/apps"
done
cp "$root/data/icons/hicolor/scalable/apps/$app_id.svg" "$share/icons/hicolor/scalable/apps/"
cp "$root/data/icons/hicolor/symbolic/apps/$app_id-symbolic.svg" "$share/icons/hicolor/symbolic/apps/"

mkdir -p "$share/glib-2.0/schemas"
cp "$root/data/$app_id.gschema.xml" "$share/glib-2.0/schemas/"
glib-compile-schemas --strict "$share/glib-2.0/schemas"
