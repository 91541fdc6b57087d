// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/// A list model whose items stand only for places: it has a length and nothing else. A view shows
/// the item at a position by asking its owner what is there, so that replacing what every place
/// holds is a change of length alone, and a million places cost a few bytes.
///
/// Each item asked for is a new plain GObject. Views keep the items they show and compare nothing
/// else about them.
#define MEME_TYPE_PLACE_LIST (meme_place_list_get_type())
G_DECLARE_FINAL_TYPE(MemePlaceList, meme_place_list, MEME, PLACE_LIST, GObject)

/// An empty list (one reference, for the caller).
MemePlaceList *meme_place_list_new(void);

/// Replaces `removed` places at `position` with `added` new ones, and says so to the views.
void meme_place_list_splice(MemePlaceList *self, guint position, guint removed, guint added);

G_END_DECLS
