// SPDX-License-Identifier: GPL-3.0-or-later
// A baseline JPEG scan's Huffman-coded data, read and written directly: MCUs are walked without
// being stored (to find where each MCU row's bits start), decoded where the captions need their
// blocks, encoded again with the photo's own tables, and every other run of bits copied as it is.
// libjpeg offers no way to learn where an MCU's bits lie, which copying them needs.
#ifndef MEMEME_JPEG_ENTROPY_H
#define MEMEME_JPEG_ENTROPY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jpeglib.h>

// A Huffman table made ready for decoding (as libjpeg's jdhuff derives it) and encoding.
struct meme_huffman {
  // The longest code of each length (-1 for none), and what to add to a code of that length to
  // find its symbol in `values`.
  int32_t maxcode[18];
  int32_t valoffset[18];
  uint8_t values[256];
  // Codes of up to MEME_HUFFMAN_LOOKAHEAD bits, indexed by the next bits: length << 8 | symbol,
  // or 0 when the code is longer.
  uint16_t lookahead[1 << 9];
  // For walking AC codes, indexed by the next 12 bits: the bits a code and its value take << 12 |
  // the value's size << 8 | how far it moves in the block (0xFF for end-of-block, 0x80 | 16 for
  // sixteen zeros), or 0 when they take more than 12 bits.
  uint16_t skip[1 << 12];
  // Each symbol's code and its length (0: the table has no code for it).
  uint16_t code[256];
  uint8_t size[256];
  // Whether every symbol a baseline 8-bit scan can use has exactly one code, so any block can be
  // encoded with the table.
  int complete;
};

// Derives `table` from libjpeg's `source`; 0 when the table is malformed (as libjpeg would refuse).
int meme_huffman_prepare(struct meme_huffman *table, const JHUFF_TBL *source, int is_dc);

// A scan's coded bits with the byte stuffing (0xFF 0x00) taken out, followed by zero bytes, so
// reads never check for the end inside a block.
struct meme_coded_bits {
  uint8_t *bytes;
  uint64_t count;
};

// The scan data starting at `data`: unstuffs it up to the marker that ends it and sets `marker`
// to that marker's code. Returns 0, -1 without memory, or 1 when the data ends with no marker.
int meme_coded_bits_unstuff(const uint8_t *data, size_t size, struct meme_coded_bits *bits, int *marker);
void meme_coded_bits_free(struct meme_coded_bits *bits);

// Decodes one block at bit `*position` (advanced past it) with DC predictor `*dc` (updated): its
// quantised coefficients in natural order go to `block`, or nowhere when it is NULL. Returns 0,
// or 1 when the data is not a valid baseline block (bad code, coefficients past the 64th, a
// magnitude 8-bit samples cannot have, or bits past the end).
int meme_block_decode(const struct meme_coded_bits *bits, uint64_t *position, JCOEF *block, int *dc,
                      const struct meme_huffman *dc_table, const struct meme_huffman *ac_table);

// As meme_block_decode, the coefficient coded k-th (in zig-zag order) put at `order[k]` of
// `block` and negated where `negates[k]` is not 0: a block turned as it is decoded.
int meme_block_decode_turned(const struct meme_coded_bits *bits, uint64_t *position, JCOEF *block, int *dc,
                             const struct meme_huffman *dc_table, const struct meme_huffman *ac_table,
                             const uint8_t *order, const uint8_t *negates);

// As meme_block_decode without keeping the block: what finding each MCU row's bits needs.
int meme_block_skip(const struct meme_coded_bits *bits, uint64_t *position, int *dc,
                    const struct meme_huffman *dc_table, const struct meme_huffman *ac_table);

// Writes Huffman-coded bits through libjpeg's destination, with byte stuffing; or, with no `info`,
// to `raw` in memory without it (bits coded ahead, to be copied into a scan later).
struct meme_bit_writer {
  j_compress_ptr info;
  uint64_t buffer;
  int count;
  struct meme_coded_bits *raw;
  size_t raw_capacity;
};

// Puts the low `count` (at most 32) bits of `value`.
void meme_bits_put(struct meme_bit_writer *writer, uint32_t value, int count);
// Copies bits [from, to) of `bits` as they are.
void meme_bits_copy(struct meme_bit_writer *writer, const struct meme_coded_bits *bits, uint64_t from, uint64_t to);
// Pads the last byte with one bits, as the end of a scan is padded.
void meme_bits_finish(struct meme_bit_writer *writer);
// Starts a writer to memory, with room for about `expected` bytes: `raw` gets the bits (malloc'd;
// NULL and 0 bits without memory).
void meme_bits_start_raw(struct meme_bit_writer *writer, struct meme_coded_bits *raw, size_t expected);
// Ends a writer to memory: `raw` holds every bit put, followed by zero bytes (as unstuffed scan
// data is, so meme_bits_copy may copy from it). 0, or 1 without memory (then `raw` is empty).
int meme_bits_end_raw(struct meme_bit_writer *writer);

// Encodes `block` (quantised, natural order) against DC predictor `*dc` (updated). Returns 0, or 1
// when a table has no code for a symbol the block needs or a value is out of baseline range.
int meme_block_encode(struct meme_bit_writer *writer, const JCOEF *block, int *dc,
                      const struct meme_huffman *dc_table, const struct meme_huffman *ac_table);

#endif
