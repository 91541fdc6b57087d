// SPDX-License-Identifier: GPL-3.0-or-later
// GLib and gettext, for the small module every other one shares (no GTK, no drawing libraries).
#ifndef MEMEME_CGLIB_SHIM_H
#define MEMEME_CGLIB_SHIM_H

#include <glib.h>
// bindtextdomain, textdomain, bind_textdomain_codeset (gettext is part of the C library on Linux).
#include <libintl.h>
#include <locale.h>

#endif
