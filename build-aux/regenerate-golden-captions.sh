#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Renders the golden caption images (Tests/MemeCoreTests/Golden/*.png) anew with `mememe render`,
# from the cases in Tests/MemeCoreTests/Golden/cases.tsv. Look at every changed image (for example
# with build-aux/caption-contact-sheet.sh) before committing them: the caption tests compare
# against these files.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product mememe >/dev/null
mememe=$(swift build --show-bin-path)/mememe
golden=Tests/MemeCoreTests/Golden
while IFS=$'\t' read -r name photo top bottom layout; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  "$mememe" render "$golden/$photo" --top "${top//\\n/$'\n'}" --bottom "${bottom//\\n/$'\n'}" \
    --layout "${layout:-classic}" -o "$golden/$name.png"
  echo "$golden/$name.png"
done <"$golden/cases.tsv"
