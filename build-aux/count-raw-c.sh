#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Counts how much of a Swift source tree talks to the C libraries directly instead of through
# GtkKit's typed wrappers: files and calls, hand-written pointer conversions, and manual reference
# counting. Comment lines are left out.
#
# Usage: build-aux/count-raw-c.sh [folder]        the counts for one folder (default Sources/MemeUI)
#        build-aux/count-raw-c.sh --totals        one line per module: calls, conversions, ref counts
#        build-aux/count-raw-c.sh --check [FILE]  fails when a module's count rises above FILE
#                                                 (default build-aux/raw-c-baseline.txt); every
#                                                 module but GtkKit, whose job is wrapping the C
# The baseline is per module, not per file, so moving code between a module's files (splitting a
# window) needs no update; after lowering a count, write the new totals with
#   build-aux/count-raw-c.sh --totals > build-aux/raw-c-baseline.txt
set -eu
cd "$(dirname "$0")/.."

gtk_calls='\b(gtk|gdk|gsk|g|graphene|gtkkit)_[a-z0-9_]+\('
drawing_calls='\b(cairo|pango)_[a-z0-9_]+\('
conversions='unsafeBitCast\(|OpaquePointer\(|Unsafe(Mutable)?RawPointer\(|Unsafe(Mutable)?Pointer<[A-Za-z_]+>\(|assumingMemoryBound|bindMemory|Unmanaged[.<]'
refcounts='\b(g_object_ref|g_object_ref_sink|g_object_unref|g_clear_object|g_[a-z_]+_unref|g_[a-z_]+_ref)\('

# The code lines of every Swift file below $1, prefixed "path:": comments say nothing about the calls.
code_in() { grep -rnH --include='*.swift' -v '^[[:space:]]*//' "$1" | sed 's/:[0-9]*:/:/'; }
hits_in() { code_in "$1" | grep -oE "$2" | wc -l | tr -d ' '; }

# "module gtk-calls drawing-calls conversions refcounts" for every module with Swift code.
totals() {
  echo "# module  GLib/GTK/GDK-calls  Cairo/Pango-calls  pointer-conversions  ref/unref-calls"
  for folder in Sources/*/; do
    module=$(basename "$folder")
    [ -n "$(find "$folder" -name '*.swift' | head -1)" ] || continue
    echo "$module $(hits_in "$folder" "$gtk_calls") $(hits_in "$folder" "$drawing_calls") \
$(hits_in "$folder" "$conversions") $(hits_in "$folder" "$refcounts")"
  done
}

case "${1:-}" in
--totals)
  totals
  exit 0
  ;;
--check)
  baseline=${2:-build-aux/raw-c-baseline.txt}
  current=$(totals)
  status=0
  for column in 2 3 4 5; do
    name=$(echo "$current" | head -1 | awk -v c="$((column + 1))" '{print $c}')
    # GtkKit is where raw C belongs (its wrappers are what the others should call): not ratcheted.
    for module in $(echo "$current" | grep -v '^#' | awk '$1 != "GtkKit" {print $1}'); do
      now=$(echo "$current" | awk -v m="$module" -v c="$column" '$1 == m {print $c}')
      allowed=$(grep -v '^#' "$baseline" | awk -v m="$module" -v c="$column" '$1 == m {print $c}')
      allowed=${allowed:-0}
      if [ "$now" -gt "$allowed" ]; then
        echo "count-raw-c: $module has $now $name, more than the $allowed in $baseline:" \
          "go through GtkKit's typed wrappers, or add a wrapper there." >&2
        status=1
      elif [ "$now" -lt "$allowed" ]; then
        echo "count-raw-c: $module is down to $now $name from $allowed; lower $baseline to keep it there" \
          "(build-aux/count-raw-c.sh --totals > $baseline)."
      fi
    done
  done
  exit $status
  ;;
esac

root=${1:-Sources/MemeUI}

code() { code_in "$root"; }
files=$(find "$root" -name '*.swift' | wc -l)
count_files() { code | grep -E "$1" | cut -d: -f1 | sort -u | wc -l; }
count_hits() { code | grep -oE "$1" | wc -l; }

printf 'Swift files:                                   %d\n' "$files"
printf 'files calling GLib/GTK/GDK C functions:       %d\n' "$(count_files "$gtk_calls")"
printf 'GLib/GTK/GDK C calls:                         %d\n' "$(count_hits "$gtk_calls")"
printf 'files calling Cairo/Pango (drawing):          %d\n' "$(count_files "$drawing_calls")"
printf 'Cairo/Pango calls:                            %d\n' "$(count_hits "$drawing_calls")"
printf 'hand-written pointer conversions:             %d\n' "$(count_hits "$conversions")"
printf 'manual GObject/GLib ref/unref calls:          %d\n' "$(count_hits "$refcounts")"
