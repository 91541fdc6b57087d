// SPDX-License-Identifier: GPL-3.0-or-later
// The app's GtkBuilder files (data/ui/*.ui), compiled into the binary (see interface_files.c).
#pragma once
#include <stddef.h>

/// One .ui file: its name under data/ui and its XML (not NUL-terminated: `length` bytes).
typedef struct {
  const char *name;
  const char *xml;
  size_t length;
} MemeInterfaceFile;

/// The file named `name` ("style-panel.ui"), or NULL when the binary holds none of that name.
const MemeInterfaceFile *meme_interface_file(const char *name);
