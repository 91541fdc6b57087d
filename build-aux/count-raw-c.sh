#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Counts how much of a Swift source tree talks to the C libraries directly instead of through
# GtkKit's typed wrappers: files and calls, hand-written pointer conversions, and manual reference
# counting. Comment lines are left out. Usage: build-aux/count-raw-c.sh [folder] (default Sources/MemeUI).
set -eu
root=${1:-Sources/MemeUI}

# The code lines of every Swift file, prefixed "path:": comments say nothing about the code's calls.
code() { grep -rnH --include='*.swift' -v '^[[:space:]]*//' "$root" | sed 's/:[0-9]*:/:/'; }

gtk_calls='\b(gtk|gdk|gsk|g|graphene|gtkkit)_[a-z0-9_]+\('
drawing_calls='\b(cairo|pango)_[a-z0-9_]+\('
conversions='unsafeBitCast\(|OpaquePointer\(|Unsafe(Mutable)?RawPointer\(|Unsafe(Mutable)?Pointer<[A-Za-z_]+>\(|assumingMemoryBound|bindMemory|Unmanaged[.<]'
refcounts='\b(g_object_ref|g_object_ref_sink|g_object_unref|g_clear_object|g_[a-z_]+_unref|g_[a-z_]+_ref)\('

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
