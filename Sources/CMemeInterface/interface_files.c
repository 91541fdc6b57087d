// SPDX-License-Identifier: GPL-3.0-or-later
// The .ui files under data/ui, in the binary itself, read by #embed at compile time (clang
// rebuilds this file when one of them changes: they are in its dependency list).
//
// Why not a compiled .gresource installed beside the app: `swift build` has no step that runs
// glib-compile-resources, and the binaries the tests run come from `swift build`, not from meson;
// a file looked up at run time would also need a way to find it in the build tree, the installed
// prefix and the .deb alike. In the binary, the same XML reaches GtkBuilder from `swift build`,
// `swift run`, meson and the package, and a window cannot meet a .ui file of another version.
#include "meme_interface.h"
#include <string.h>

#pragma clang diagnostic ignored "-Wc23-extensions"

static const char camera_window[] = {
#embed "../../data/ui/camera-window.ui"
};
static const char detail_window[] = {
#embed "../../data/ui/detail-window.ui"
};
static const char one_field_dialog[] = {
#embed "../../data/ui/one-field-dialog.ui"
};
static const char style_panel[] = {
#embed "../../data/ui/style-panel.ui"
};

static const MemeInterfaceFile files[] = {
    {"camera-window.ui", camera_window, sizeof camera_window},
    {"detail-window.ui", detail_window, sizeof detail_window},
    {"one-field-dialog.ui", one_field_dialog, sizeof one_field_dialog},
    {"style-panel.ui", style_panel, sizeof style_panel},
};

const MemeInterfaceFile *meme_interface_file(const char *name) {
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    if (strcmp(files[i].name, name) == 0) return &files[i];
  }
  return NULL;
}
