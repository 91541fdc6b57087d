// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <gdk/gdk.h>

G_BEGIN_DECLS

/// The content of a drag that is a file still being written (an animated meme takes seconds to
/// encode, too long to hold up the start of a drag). It offers a file at once (GFile, and so
/// text/uri-list and the portal's file transfer), and answers a drop target's request for it when
/// the file is there: at once if it already is, else as soon as `meme_deferred_file_resolve` says so.
/// `meme_deferred_file_fail` makes every request, waiting or to come, fail with its message.
#define MEME_TYPE_DEFERRED_FILE (meme_deferred_file_get_type())
G_DECLARE_FINAL_TYPE(MemeDeferredFile, meme_deferred_file, MEME, DEFERRED_FILE, GdkContentProvider)

/// Content whose file is not written yet (one reference, for the caller).
MemeDeferredFile *meme_deferred_file_new(void);

/// The file is written: requests waiting for it, and every later one, get `file`.
void meme_deferred_file_resolve(MemeDeferredFile *self, GFile *file);

/// The file will not be written: requests waiting for it, and every later one, fail with `message`.
void meme_deferred_file_fail(MemeDeferredFile *self, const char *message);

/// Whether it has been resolved or failed.
gboolean meme_deferred_file_is_settled(MemeDeferredFile *self);

G_END_DECLS
