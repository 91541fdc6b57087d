// SPDX-License-Identifier: GPL-3.0-or-later
// The C libraries the meme engine draws and codes images with. Everything here is display-free:
// no GTK header may be included, so the engine and the command line run without a display.
#ifndef MEMEME_CMEMEGRAPHICS_SHIM_H
#define MEMEME_CMEMEGRAPHICS_SHIM_H

#include <cairo.h>
#include <pango/pangocairo.h>
// Which fonts draw colour glyphs (emoji), which get no outline.
#include <hb-ot.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <turbojpeg.h>
#include <libdeflate.h>
#include <zlib.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/vfs.h>

// open(2) is variadic in C; Swift needs a fixed-arity wrapper to pass a creation mode.
static inline int meme_open_with_mode(const char *path, int flags, unsigned int mode) {
  return open(path, flags, (mode_t)mode);
}

// The magic number (statfs's f_type) of the file system the open file is on, or 0 when it cannot be
// asked: Swift's Glibc module leaves out sys/vfs.h.
static inline long meme_file_system_type(int descriptor) {
  struct statfs info;
  return fstatfs(descriptor, &info) == 0 ? (long)info.f_type : 0;
}

// Adds the outlines of the first `count` glyphs of `glyphs` to the current path, as
// pango_cairo_glyph_string_path does for all of them: a meme's glyph budget may end inside a run.
// The glyph string is read through a shallow copy with fewer glyphs and left as it is.
static inline void meme_glyph_string_path_prefix(cairo_t *context, PangoFont *font,
                                                 PangoGlyphString *glyphs, int count) {
  PangoGlyphString prefix = *glyphs;
  if (count < prefix.num_glyphs) prefix.num_glyphs = count < 0 ? 0 : count;
  pango_cairo_glyph_string_path(context, font, &prefix);
}

// MARK: Image input (gdk-pixbuf)

// What a GdkPixbufLoader announced in "size-prepared", before it allocated any pixels.
typedef struct {
  int width;
  int height;
  // Refuse (ask the loader for a 0×0 image, which makes every loader stop) above this many pixels.
  long long max_pixels;
  // Stop after the header in every case: a size query that must not decode.
  int header_only;
  int refused;
} meme_size_probe;

static void meme_size_probe_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
  meme_size_probe *probe = (meme_size_probe *)data;
  probe->width = width;
  probe->height = height;
  if (probe->header_only || (long long)width * (long long)height > probe->max_pixels) {
    probe->refused = 1;
    // gdk_pixbuf_get_file_info stops loaders the same way: a 0×0 request aborts before allocation.
    gdk_pixbuf_loader_set_size(loader, 0, 0);
  }
}

// g_signal_connect is a macro; the probe must outlive the loader's last write or close.
static inline void meme_pixbuf_loader_watch_size(GdkPixbufLoader *loader, meme_size_probe *probe) {
  g_signal_connect_data(loader, "size-prepared", G_CALLBACK(meme_size_probe_prepared), probe, NULL, 0);
}

static void meme_release_pixbuf(void *pixbuf) { g_object_unref(pixbuf); }

// An ARGB32 surface drawing on a 4-channel pixbuf's own pixel buffer (already converted in place to
// premultiplied native-endian ARGB), so a decoded image is not copied. The surface takes over the
// caller's reference to the pixbuf and drops it when the surface is destroyed.
static inline cairo_surface_t *meme_surface_adopting_pixbuf(GdkPixbuf *pixbuf) {
  cairo_surface_t *surface = cairo_image_surface_create_for_data(
      gdk_pixbuf_get_pixels(pixbuf), CAIRO_FORMAT_ARGB32, gdk_pixbuf_get_width(pixbuf),
      gdk_pixbuf_get_height(pixbuf), gdk_pixbuf_get_rowstride(pixbuf));
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface);
    g_object_unref(pixbuf);
    return NULL;
  }
  // Cairo keys user data by address only; the release function's address is unique and needs no
  // storage (a static variable in this header would not be emitted when Swift imports it).
  const cairo_user_data_key_t *key = (const cairo_user_data_key_t *)(void *)&meme_release_pixbuf;
  if (cairo_surface_set_user_data(surface, key, pixbuf, meme_release_pixbuf) !=
      CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface);
    g_object_unref(pixbuf);
    return NULL;
  }
  return surface;
}

// MARK: Stickers

// Paints `image` stretched over the `width` × `height` rectangle whose top left corner is (x, y),
// mirrored left to right when `flip`, turned by `angle` radians (clockwise on the screen) about the
// rectangle's centre, over what lies below at `opacity`, within `clip` when `has_clip` (the picture,
// in Band and Poster): a sticker (PictureDrawing.swift). The picture's own rectangle is the clip of
// its edges, so they stay sharp (antialiased when turned) and the padded pattern never fades them.
// One call from Swift for what would be a dozen raw Cairo calls there.
static inline void meme_paint_picture(cairo_t *cr, cairo_surface_t *image, double x, double y,
                                      double width, double height, double angle, int flip,
                                      double opacity, int has_clip, double clip_x, double clip_y,
                                      double clip_width, double clip_height) {
  int image_width = cairo_image_surface_get_width(image);
  int image_height = cairo_image_surface_get_height(image);
  if (image_width <= 0 || image_height <= 0) return;
  cairo_save(cr);
  if (has_clip) {
    cairo_rectangle(cr, clip_x, clip_y, clip_width, clip_height);
    cairo_clip(cr);
  }
  cairo_translate(cr, x + width / 2, y + height / 2);
  if (angle != 0) cairo_rotate(cr, angle);
  cairo_scale(cr, (flip ? -1 : 1) * width / image_width, height / image_height);
  cairo_translate(cr, -image_width / 2.0, -image_height / 2.0);
  cairo_rectangle(cr, 0, 0, image_width, image_height);
  cairo_clip(cr);
  cairo_set_source_surface(cr, image, 0, 0);
  cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
  cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
  if (opacity < 1) {
    cairo_paint_with_alpha(cr, opacity);
  } else {
    cairo_paint(cr);
  }
  cairo_restore(cr);
}

// MARK: Hiding and effects

// The pixels of the image surface `context` draws into, flushed, and where its user space lies on
// them (the context's translation and scale): a hidden area hides what is already there through
// them (HidingDrawing.swift). 0 when the context draws into anything else (a recording, the
// screen) or is turned or skewed: there is nothing to change then.
typedef struct {
  unsigned char *pixels;
  int stride, width, height;
  double x0, y0, scale_x, scale_y;
} meme_target_pixels;

static inline int meme_context_target_pixels(cairo_t *context, meme_target_pixels *target) {
  cairo_surface_t *surface = cairo_get_target(context);
  if (cairo_surface_get_type(surface) != CAIRO_SURFACE_TYPE_IMAGE) return 0;
  cairo_format_t format = cairo_image_surface_get_format(surface);
  if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24) return 0;
  cairo_matrix_t matrix;
  cairo_get_matrix(context, &matrix);
  if (matrix.xy != 0 || matrix.yx != 0 || matrix.xx <= 0 || matrix.yy <= 0) return 0;
  cairo_surface_flush(surface);
  target->pixels = cairo_image_surface_get_data(surface);
  if (!target->pixels) return 0;
  target->stride = cairo_image_surface_get_stride(surface);
  target->width = cairo_image_surface_get_width(surface);
  target->height = cairo_image_surface_get_height(surface);
  target->x0 = matrix.x0;
  target->y0 = matrix.y0;
  target->scale_x = matrix.xx;
  target->scale_y = matrix.yy;
  return 1;
}

// Tells Cairo the pixels of `context`'s target changed behind its back.
static inline void meme_context_target_changed(cairo_t *context) {
  cairo_surface_mark_dirty(cairo_get_target(context));
}

// A context drawing into `surface` with its user space scaled by `scale` (a view painted into
// pixels of its own, PreviewPainter+Fried.swift).
static inline cairo_t *meme_scaled_context(cairo_surface_t *surface, double scale) {
  cairo_t *context = cairo_create(surface);
  cairo_scale(context, scale, scale);
  return context;
}

// Paints `surface` onto `context` with its top left corner at (x, y), each of its pixels `1 / scale`
// units wide: pixels drawn at a view's device scale, shown in its user space (PreviewPainter).
static inline void meme_paint_surface_shrunk(cairo_t *context, cairo_surface_t *surface, double x, double y,
                                             double scale) {
  cairo_save(context);
  cairo_translate(context, x, y);
  cairo_scale(context, 1 / scale, 1 / scale);
  cairo_set_source_surface(context, surface, 0, 0);
  cairo_paint(context);
  cairo_restore(context);
}

// `text` set in `font` on a new layout of `context`, drawn onto a new ARGB32 surface cut to its
// ink (an emoji sticker, EmojiPicture.swift); NULL when a glyph of it is missing from every font,
// it has no ink, or the surface cannot be made. Takes over the caller's reference to `context`.
static inline cairo_surface_t *meme_text_ink_surface(PangoContext *context, const char *text,
                                                     const PangoFontDescription *font) {
  PangoLayout *layout = pango_layout_new(context);
  g_object_unref(context);
  pango_layout_set_font_description(layout, font);
  pango_layout_set_text(layout, text, -1);
  PangoRectangle ink;
  pango_layout_get_pixel_extents(layout, &ink, NULL);
  cairo_surface_t *surface = NULL;
  if (pango_layout_get_unknown_glyphs_count(layout) == 0 && ink.width > 0 && ink.height > 0) {
    surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, ink.width, ink.height);
    if (cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
      cairo_t *cr = cairo_create(surface);
      cairo_translate(cr, -ink.x, -ink.y);
      pango_cairo_show_layout(cr, layout);
      cairo_destroy(cr);
      cairo_surface_flush(surface);
    } else {
      cairo_surface_destroy(surface);
      surface = NULL;
    }
  }
  g_object_unref(layout);
  return surface;
}

// MARK: Image output (zlib)

// inflateInit2 is a macro; a raw (headerless) inflater, used to find block boundaries when
// joining independently compressed deflate streams.
static inline int meme_inflate_init_raw(z_stream *stream) { return inflateInit2(stream, -15); }

#endif
