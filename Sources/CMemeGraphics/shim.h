// SPDX-License-Identifier: GPL-3.0-or-later
// The C libraries the meme engine draws and codes images with. Everything here is display-free:
// no GTK header may be included, so the engine and the command line run without a display.
#ifndef MEMEME_CMEMEGRAPHICS_SHIM_H
#define MEMEME_CMEMEGRAPHICS_SHIM_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <turbojpeg.h>
#include <libdeflate.h>
#include <zlib.h>
#include <fcntl.h>
#include <sys/stat.h>

// open(2) is variadic in C; Swift needs a fixed-arity wrapper to pass a creation mode.
static inline int meme_open_with_mode(const char *path, int flags, unsigned int mode) {
  return open(path, flags, (mode_t)mode);
}

#endif
