// SPDX-License-Identifier: GPL-3.0-or-later
// A JPEG kept as its DCT coefficient blocks (libjpeg-turbo's coefficient API, as jpegtran uses it),
// so a meme can carry every block no caption touches from the photo to the output unchanged and
// re-encode only the blocks under the captions. In C because libjpeg reports errors by longjmp.
#ifndef MEMEME_JPEG_BLOCKS_H
#define MEMEME_JPEG_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

typedef struct meme_jpeg_blocks meme_jpeg_blocks;

typedef enum {
  MEME_BLOCKS_OK = 0,
  // The picture is fine but the block path cannot serve it; `reason` says why (re-encode instead).
  MEME_BLOCKS_UNSUITABLE = 1,
  // libjpeg failed (bad data, no memory); `reason` holds its message.
  MEME_BLOCKS_FAILED = 2,
  // The work was asked to stop (see meme_blocks_stop).
  MEME_BLOCKS_CANCELLED = 3,
  // The photo has more scans than MEME_JPEG_MAX_SCANS (meme_jpeg_decode.h): it is damaged, or made
  // to keep a core busy, and no other path may decode it either.
  MEME_BLOCKS_TOO_MANY_SCANS = 4,
} meme_blocks_status;

// Asked before every MCU row that is read, turned, decoded, encoded or written (from whichever
// thread does it): a non-zero answer stops the call, which returns MEME_BLOCKS_CANCELLED.
typedef int (*meme_blocks_stop)(void *context);

// Reads the header of the JPEG in `data` (which must stay valid until meme_jpeg_blocks_free), to be
// turned upright losslessly for EXIF `orientation` (1 to 8). `stop` (may be NULL) is asked with
// `stop_context` by every later call on the blocks.
meme_blocks_status meme_jpeg_blocks_open(const uint8_t *data, size_t size, int orientation,
                                         meme_blocks_stop stop, void *stop_context,
                                         meme_jpeg_blocks **blocks, char *reason, size_t reason_size);
// Reads the coefficients and turns them upright. The other calls may run on other threads
// meanwhile: each waits for the rows it needs (a photo kept as stored, read in one sequential scan,
// hands each MCU row over as soon as it is read; otherwise all come at the end), and fails if
// reading does.
meme_blocks_status meme_jpeg_blocks_read(meme_jpeg_blocks *blocks, char *reason, size_t reason_size);
// Only once meme_jpeg_blocks_read has returned and no other call is running.
void meme_jpeg_blocks_free(meme_jpeg_blocks *blocks);

// Marks rows [first_row, end_row) (MCU-aligned) as being redrawn: meme_jpeg_blocks_write waits at
// them until they are released (whether or not they were replaced).
void meme_jpeg_blocks_hold_rows(meme_jpeg_blocks *blocks, int first_row, int end_row);
void meme_jpeg_blocks_release_rows(meme_jpeg_blocks *blocks, int first_row, int end_row);

// The upright picture's size, and the height of one MCU row in its pixels.
int meme_jpeg_blocks_width(const meme_jpeg_blocks *blocks);
int meme_jpeg_blocks_height(const meme_jpeg_blocks *blocks);
int meme_jpeg_blocks_mcu_width(const meme_jpeg_blocks *blocks);
int meme_jpeg_blocks_mcu_height(const meme_jpeg_blocks *blocks);
// 1 for a greyscale JPEG (captions drawn on it become grey too).
int meme_jpeg_blocks_is_grey(const meme_jpeg_blocks *blocks);
// 1 when the photo keeps its Huffman-coded data: it is stored upright in one baseline scan without
// restart markers, with Huffman tables that can code any block. Then reading only walks the coded
// data (no blocks are kept but those the captions need), and writing copies the bits of every MCU
// row the captions leave alone and codes the caption rows with the photo's own tables, so the meme
// is the photo bit for bit there and the file as large as the photo's save for what the captions
// change.
int meme_jpeg_blocks_keeps_code(const meme_jpeg_blocks *blocks);

// Decoding and replace_rows may run on several threads at once for disjoint rows, provided no
// replace_rows replaces the MCU row just above or below rows being decoded (decoding reads one MCU
// row beyond them), and alongside write provided the rows replaced are held until then. A decoding
// reads each MCU row only once it is read, and reads the MCU row after the rows it has given
// before giving the last of them: rows it has given may be replaced (they are not read again).

// Rows of the picture decoded to pixels one after another, exactly as decoding the whole picture
// would give them.
typedef struct meme_jpeg_row_decoder meme_jpeg_row_decoder;

// Starts decoding upright rows [first_row, end_row). `first_row` must be a multiple of the MCU
// height, and `end_row` one too or the picture's height.
meme_blocks_status meme_jpeg_blocks_start_decoding(meme_jpeg_blocks *blocks, int first_row, int end_row,
                                                   meme_jpeg_row_decoder **decoder, char *reason,
                                                   size_t reason_size);
// Decodes the next `rows` rows to opaque pixels in Cairo's ARGB32 layout, waiting for the MCU rows
// they need to be read. After a failure every later call fails.
meme_blocks_status meme_jpeg_row_decoder_read(meme_jpeg_row_decoder *decoder, int rows, uint8_t *pixels,
                                              int stride, char *reason, size_t reason_size);
void meme_jpeg_row_decoder_free(meme_jpeg_row_decoder *decoder);

// Encodes rows [first_row, end_row) of `pixels` (bounds as for meme_jpeg_blocks_start_decoding)
// with the source's quantisation tables and sampling, and puts the blocks of every MCU in which
// `pixels` differs from `original` in place of the source's. `replaced` counts those MCUs.
meme_blocks_status meme_jpeg_blocks_replace_rows(meme_jpeg_blocks *blocks, int first_row, int end_row,
                                                 const uint8_t *pixels, const uint8_t *original,
                                                 int stride, long *replaced, char *reason,
                                                 size_t reason_size);

// Puts `band_rows` rows of `pixels` (a multiple of the MCU height, the photo's width) above the
// photo: they are encoded with the source's quantisation tables and sampling, and written before
// the photo's MCU rows, which move down by as many MCU rows with every block unchanged (the Band
// layout). `mcus` counts the band's MCUs. At most once, before meme_jpeg_blocks_write.
meme_blocks_status meme_jpeg_blocks_set_band(meme_jpeg_blocks *blocks, int band_rows, const uint8_t *pixels,
                                             int stride, long *mcus, char *reason, size_t reason_size);

// The whole JPEG: the blocks, the source's ICC profile and JFIF density, progressive when the
// source was, with its restart interval, with the source's Huffman tables when they are standard
// or it keeps its code (optimised tables otherwise); no EXIF (so no orientation tag), no XMP or
// IPTC of the source. `xmp` (NULL for none), `xmp_size` bytes of at most 65,533, is written as an
// APP1 segment after the ICC profile: the meme's description. `*output` is malloc'd.
// Writes each MCU row as soon as it is read and not held.
meme_blocks_status meme_jpeg_blocks_write(meme_jpeg_blocks *blocks, const uint8_t *xmp, size_t xmp_size,
                                          unsigned char **output, unsigned long *size, char *reason,
                                          size_t reason_size);

#endif
