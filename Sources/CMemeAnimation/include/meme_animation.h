// SPDX-License-Identifier: GPL-3.0-or-later
// Animated GIF and WebP, one frame at a time. Frames are Cairo's pixels: premultiplied ARGB32 in
// native byte order, rows `stride` bytes apart, owned by the caller. Nothing here holds more than
// the frame being worked on (and, for GIF's restore-previous, the part of the canvas it covers).
#ifndef MEMEME_ANIMATION_H
#define MEMEME_ANIMATION_H

#include <stddef.h>
#include <stdint.h>

enum {
  MEME_ANIMATION_OK = 0,
  // Not a GIF or WebP at all, or its header is cut short.
  MEME_ANIMATION_NOT_RECOGNISED = 1,
  // The data is damaged (beyond what the decoders repair) or ends before its first frame.
  MEME_ANIMATION_CORRUPT = 2,
  // More frames than the caller's limit: the walk stopped there.
  MEME_ANIMATION_TOO_MANY_FRAMES = 3,
  MEME_ANIMATION_NO_MEMORY = 4,
  // The encoder refused (giflib's or libwebp's own error).
  MEME_ANIMATION_ENCODER_FAILED = 5,
};

// What a walk over a file's structure found, without decoding any pixels.
typedef struct {
  int width;
  int height;
  // Frames whose data is complete: a frame cut off by the end of the file is not counted.
  int frame_count;
  // How many times the animation plays; 0 = for ever.
  int play_count;
  // The sum of every frame's own area (a GIF frame may be larger than the screen): decoding work.
  long long frame_pixels;
  // Whether any frame may leave a pixel transparent (a transparent colour in the first frame, a
  // cleared area, a screen the first frame does not cover, or an alpha channel).
  int may_have_transparency;
  // Whether a screen once opaque stays opaque: no frame clears its area (GIF's disposal 2), and no
  // frame can paint a transparent pixel over an opaque one (a GIF frame's transparent colour shows
  // what is below it; a WebP frame may replace pixels with transparent ones).
  int opaque_stays_opaque;
  // Whether the data ended inside a frame (that frame and what follows are left out).
  int truncated;
} meme_animation_info;

// MARK: GIF

// Walks a GIF's blocks (skipping the coded pixels) and counts its frames, stopping with
// MEME_ANIMATION_TOO_MANY_FRAMES once there are more than `max_frames`.
int meme_gif_scan(const void *data, size_t size, int max_frames, meme_animation_info *info);

typedef struct meme_gif_decoder meme_gif_decoder;

// A decoder over `data` (which must outlive it) that composes at most `frame_count` frames.
meme_gif_decoder *meme_gif_decoder_new(const void *data, size_t size, int frame_count, int *error);
// Composes the next frame onto `canvas` (the logical screen, all zero before the first frame, and
// left as this call left it between calls): the previous frame's disposal first, then this
// frame's pixels. Returns 1 with the frame's delay in centiseconds, 0 after the last frame, or
// -MEME_ANIMATION_* on an error.
int meme_gif_decoder_next(meme_gif_decoder *decoder, uint8_t *canvas, int stride, int *delay_cs);
void meme_gif_decoder_free(meme_gif_decoder *decoder);

typedef struct meme_gif_encoder meme_gif_encoder;

// A GIF writer of `width` × `height` frames. With `transparent`, every frame is written whole and
// cleared after it is shown, so its transparent pixels show what is behind the animation; without,
// each frame after the first is written as the rectangle that changed, its unchanged pixels
// (within `tolerance` of what is shown, per channel) transparent so they compress to nothing.
// `dithering` is 0 to 1. Each frame has its own palette, made for it by libimagequant at `speed`
// (its 1 to 10): on `workers` threads of the encoder's own, a few frames at once, or with 0 on the
// calling thread. The file is
// the same byte for byte whatever the number of workers. `quality` (0 to 100) is libimagequant's
// highest quality: below 100 it makes palettes of fewer colours, for smaller files.
meme_gif_encoder *meme_gif_encoder_new(
    int width, int height, int play_count, int transparent, int tolerance, float dithering, int speed,
    int quality, int workers, int *error);
// Quantises and writes one frame (with workers, hands it over and writes those quantised so far);
// the bytes wait in the encoder's output (see meme_gif_encoder_take).
int meme_gif_encoder_add(meme_gif_encoder *encoder, const uint8_t *pixels, int stride, int delay_cs);
// Puts an XMP packet (metadata; no NUL in it) into the file. Before the first frame only.
int meme_gif_encoder_add_xmp(meme_gif_encoder *encoder, const uint8_t *packet, size_t size);
// Writes the frames still being quantised, then the trailer.
int meme_gif_encoder_finish(meme_gif_encoder *encoder);
// The bytes written since the last call, valid until the next call on the encoder.
const uint8_t *meme_gif_encoder_take(meme_gif_encoder *encoder, size_t *size);
void meme_gif_encoder_free(meme_gif_encoder *encoder);

// Writes one GIF frame exactly as given (a palette of `colors` RGB triples, one index a pixel):
// the building block of the encoder, and how tests make GIFs with every disposal and offset.
typedef struct meme_gif_writer meme_gif_writer;
meme_gif_writer *meme_gif_writer_new(int width, int height, int loop_value, int *error);
// One frame: its rectangle of the screen, a palette of `colors` RGB triples, one palette index a
// pixel of the rectangle, row by row, and how it is shown.
typedef struct {
  int left, top, width, height;
  const uint8_t *palette;
  int colors;
  const uint8_t *indices;
  int disposal, transparent_index, delay_cs, interlaced;
} meme_gif_frame;
int meme_gif_writer_add(meme_gif_writer *writer, const meme_gif_frame *frame);
// A coder of single frames into bytes of their own, so frames can be coded (LZW is most of a
// writer's time) on several threads and appended in order: the file is the same as with
// meme_gif_writer_add. A coder codes one frame at a time; its bytes stay until the next.
typedef struct meme_gif_frame_coder meme_gif_frame_coder;
meme_gif_frame_coder *meme_gif_frame_coder_new(void);
int meme_gif_frame_coder_code(meme_gif_frame_coder *coder, const meme_gif_frame *frame);
// Appends the frame `coder` coded last.
int meme_gif_writer_append(meme_gif_writer *writer, const meme_gif_frame_coder *coder);
void meme_gif_frame_coder_free(meme_gif_frame_coder *coder);
// Writes an XMP packet (no NUL in it) the way the XMP specification puts one in a GIF.
int meme_gif_writer_add_xmp(meme_gif_writer *writer, const uint8_t *packet, size_t size);
int meme_gif_writer_finish(meme_gif_writer *writer);
const uint8_t *meme_gif_writer_take(meme_gif_writer *writer, size_t *size);
void meme_gif_writer_free(meme_gif_writer *writer);

// A GIF's frames as the source coded them (rectangles, palettes, indices, disposal, delays, loop),
// with every pixel where `mask` (one byte a pixel of the screen, row by row; nonzero cuts) is set
// made transparent: a speech bubble cut out of an animation, without quantising anything again.
// `data` and `mask` must outlive the cutter. `xmp` (no NUL in it; may be NULL) is written before
// the first frame. Frames are LZW-coded on up to `workers` threads, a batch at a time.
typedef struct meme_gif_cutter meme_gif_cutter;
meme_gif_cutter *meme_gif_cutter_new(
    const void *data, size_t size, const uint8_t *mask, int workers, const uint8_t *xmp, size_t xmp_size,
    int *error);
// Reads, cuts and writes the next batch of frames (the trailer after the last): how many frames
// it wrote, 0 once the file is done, or -MEME_ANIMATION_*.
int meme_gif_cutter_next(meme_gif_cutter *cutter);
// The bytes written since the last call, valid until the next call on the cutter.
const uint8_t *meme_gif_cutter_take(meme_gif_cutter *cutter, size_t *size);
void meme_gif_cutter_free(meme_gif_cutter *cutter);

// MARK: WebP

// Walks a WebP's RIFF chunks: the canvas, the loop count and the frames (1 for a still picture),
// stopping with MEME_ANIMATION_TOO_MANY_FRAMES once there are more than `max_frames`.
int meme_webp_scan(const void *data, size_t size, int max_frames, meme_animation_info *info);

// The picture's size (an animation's canvas) and whether it is animated, from its first bytes.
// MEME_ANIMATION_NOT_RECOGNISED when they are too few to tell.
int meme_webp_features(const void *data, size_t size, int *width, int *height, int *animated);

// Draws the first frame of a WebP (a still picture's one picture) onto `canvas`, which is
// `width` × `height` (the canvas `meme_webp_scan` read) and cleared by the caller, without
// composing any other frame: one canvas of memory, where libwebp's animation decoder keeps two of
// its own. Returns 1, or -MEME_ANIMATION_* when the first frame is damaged or cut short.
int meme_webp_first_frame(const void *data, size_t size, uint8_t *canvas, int stride, int width, int height);

typedef struct meme_webp_decoder meme_webp_decoder;
// Opens the animation `meme_webp_scan` read as `width` × `height` with at most `max_frames` frames:
// a file whose canvas or frame count libwebp reads otherwise (chunks that disagree) is corrupt,
// since the caller's canvas, and the limits it checked, are for what the scan found.
meme_webp_decoder *meme_webp_decoder_new(
    const void *data, size_t size, int width, int height, int max_frames, int *error);
// Copies the next composed frame into `canvas`. Returns 1 with its delay in milliseconds, 0 after
// the last frame, or -MEME_ANIMATION_* on an error.
int meme_webp_decoder_next(meme_webp_decoder *decoder, uint8_t *canvas, int stride, int *delay_ms);
void meme_webp_decoder_free(meme_webp_decoder *decoder);

typedef struct meme_webp_encoder meme_webp_encoder;
// `quality` is 0 to 100 (for lossless, how hard it tries).
meme_webp_encoder *meme_webp_encoder_new(int width, int height, int play_count, int lossless, float quality,
    int *error);
int meme_webp_encoder_add(meme_webp_encoder *encoder, const uint8_t *pixels, int stride, int delay_ms);
// An XMP packet (metadata) to put into the file when it is assembled.
int meme_webp_encoder_set_xmp(meme_webp_encoder *encoder, const uint8_t *packet, size_t size);
// Assembles the file; its bytes stay valid until the encoder is freed.
int meme_webp_encoder_finish(meme_webp_encoder *encoder, const uint8_t **bytes, size_t *size);
void meme_webp_encoder_free(meme_webp_encoder *encoder);

// MARK: Pixels

// Straight RGBA from premultiplied native-endian ARGB32.
void meme_argb_to_rgba(const uint8_t *pixels, int stride, int width, int height, uint8_t *rgba);
// 1 when a pixel is not fully opaque.
int meme_has_transparency(const uint8_t *pixels, int stride, int width, int height);

#endif
