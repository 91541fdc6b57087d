#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when two modules under Sources declare a top-level type (class, struct, enum, protocol, actor
# or type alias) of the same name: a module that imports the other then sees its own type shadow the
# other's, and a reader of either cannot tell which one a name means.
#
# Usage: build-aux/check-type-names.sh     prints each name declared in more than one module, with
#                                          where, and exits 1 if there is any
set -eu
cd "$(dirname "$0")/.."

modifiers='((public|package|internal|fileprivate|private|final|open|indirect|nonisolated|@[A-Za-z]+(\([^)]*\))?)[[:space:]]+)*'
# "module name path:line" for every top-level declaration (no indentation: nested types are
# qualified by the type around them).
grep -rnE --include='*.swift' "^${modifiers}(class|struct|enum|protocol|actor|typealias)[[:space:]]+[A-Za-z_]" Sources |
  sed -E "s#^Sources/([^/]+)/([^:]*):([0-9]+):${modifiers}(class|struct|enum|protocol|actor|typealias)[[:space:]]+([A-Za-z_][A-Za-z0-9_]*).*#\1 \8 Sources/\1/\2:\3#" |
  sort -k2,2 -k1,1 |
  awk '
    # $1 module, $2 name, $3 where: a name counts once a module however often it is declared there.
    { where[$2] = where[$2] "\n    " $1 " " $3
      if (!(($2, $1) in seen)) { seen[$2, $1] = 1; modules[$2]++ } }
    END {
      clashes = 0
      for (name in modules) if (modules[name] > 1) { print name where[name]; clashes++ }
      if (clashes) { print clashes " type name(s) declared in more than one module"; exit 1 }
    }'
