// SPDX-License-Identifier: GPL-3.0-or-later
// All C glue between Swift and GTK 4.8 lives here: casts that C writes as macros, fixed-arity
// wrappers for variadic functions, and signal connection helpers.
#ifndef MEMEME_CGTK_SHIM_H
#define MEMEME_CGTK_SHIM_H

#include <gtk/gtk.h>

#endif
