// SPDX-License-Identifier: GPL-3.0-or-later
// GLib and gettext, for the small module every other one shares (no GTK, no drawing libraries).
#ifndef MEMEME_CGLIB_SHIM_H
#define MEMEME_CGLIB_SHIM_H

// Written against GLib 2.74 (Debian 12): a newer call, or one deprecated by then, warns (as in
// CGtk's shim, which pins GTK as well). Set before the include, which reads them.
#define GLIB_VERSION_MIN_REQUIRED GLIB_VERSION_2_74
#define GLIB_VERSION_MAX_ALLOWED GLIB_VERSION_2_74
#include <glib.h>
// bindtextdomain, textdomain, bind_textdomain_codeset (gettext is part of the C library on Linux).
#include <libintl.h>
#include <locale.h>

#endif
