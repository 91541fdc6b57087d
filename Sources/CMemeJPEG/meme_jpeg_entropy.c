// SPDX-License-Identifier: GPL-3.0-or-later
#include "meme_jpeg_entropy.h"
#include "meme_big_buffer.h"

#include <stdlib.h>
#include <string.h>

#include <jerror.h>

#define LOOKAHEAD 9
#define SKIP_BITS 12
#define SKIP_END 0xFF
#define SKIP_ZEROS 0x80
// Zero bytes after the unstuffed data: more than one block can read (64 codes of 16 bits, each
// with 16 bits of value), so a block is checked against the end only once it is decoded.
#define TAIL 512

// The natural-order index of each coefficient in zig-zag order.
static const uint8_t natural_order[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33, 40, 48,
    41, 34, 27, 20, 13, 6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23,
    30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

int meme_huffman_prepare(struct meme_huffman *table, const JHUFF_TBL *source, int is_dc) {
  memset(table, 0, sizeof *table);
  if (!source) return 0;
  uint8_t lengths[257];
  uint32_t codes[257];
  int count = 0;
  for (int length = 1; length <= 16; length++) {
    if (count + source->bits[length] > 256) return 0;
    for (int i = 0; i < source->bits[length]; i++) lengths[count++] = (uint8_t)length;
  }
  lengths[count] = 0;
  // Canonical codes, as the standard's Annex C assigns them.
  uint32_t code = 0;
  int length = lengths[0], p = 0;
  while (lengths[p]) {
    while (lengths[p] == length) codes[p++] = code++;
    if (code >= (1u << length)) return 0;
    code <<= 1;
    length++;
  }
  p = 0;
  for (length = 1; length <= 16; length++) {
    if (source->bits[length]) {
      table->valoffset[length] = p - (int32_t)codes[p];
      p += source->bits[length];
      table->maxcode[length] = (int32_t)codes[p - 1];
    } else {
      table->maxcode[length] = -1;
    }
  }
  table->maxcode[17] = 0x7FFFFFFF;
  memcpy(table->values, source->huffval, (size_t)count);
  int duplicate = 0;
  for (p = 0; p < count; p++) {
    int symbol = source->huffval[p];
    if (lengths[p] <= LOOKAHEAD) {
      int shift = LOOKAHEAD - lengths[p];
      for (uint32_t fill = 0; fill < (1u << shift); fill++) {
        table->lookahead[(codes[p] << shift) | fill] = (uint16_t)(lengths[p] << 8 | symbol);
      }
    }
    if (!is_dc && lengths[p] <= SKIP_BITS) {
      int run = symbol >> 4, value_size = symbol & 15, used = lengths[p] + value_size;
      int move = value_size ? run + 1 : run == 15 ? SKIP_ZEROS | 16 : SKIP_END;
      if (used <= SKIP_BITS && value_size <= 10) {
        int shift = SKIP_BITS - lengths[p];
        for (uint32_t fill = 0; fill < (1u << shift); fill++) {
          table->skip[(codes[p] << shift) | fill] = (uint16_t)(used << 12 | value_size << 8 | move);
        }
      }
    }
    if (table->size[symbol]) duplicate = 1;
    table->code[symbol] = (uint16_t)codes[p];
    table->size[symbol] = lengths[p];
  }
  // A DC category of 0–11 and, for AC, end-of-block, a run of 16 zeros and runs of 0–15 zeros
  // before a value of 1–10 bits: what baseline coding of 8-bit samples uses.
  int complete = !duplicate;
  if (is_dc) {
    for (int s = 0; s <= 11; s++) complete = complete && table->size[s];
  } else {
    complete = complete && table->size[0x00] && table->size[0xF0];
    for (int r = 0; r < 16; r++) {
      for (int s = 1; s <= 10; s++) complete = complete && table->size[r << 4 | s];
    }
  }
  table->complete = complete;
  return 1;
}

int meme_coded_bits_unstuff(const uint8_t *data, size_t size, struct meme_coded_bits *bits, int *marker) {
  // Megabytes, written at once.
  bits->bytes = meme_big_buffer(size + TAIL);
  bits->count = 0;
  if (!bits->bytes) return -1;
  uint8_t *out = bits->bytes;
  size_t at = 0;
  for (;;) {
    const uint8_t *next = memchr(data + at, 0xFF, size - at);
    size_t run = next ? (size_t)(next - data) - at : size - at;
    memcpy(out, data + at, run);
    out += run;
    at += run;
    if (!next || at + 1 >= size) break;
    if (data[at + 1] == 0x00) {
      *out++ = 0xFF;
      at += 2;
      continue;
    }
    // A marker, maybe after fill bytes.
    size_t code = at + 1;
    while (code < size && data[code] == 0xFF) code++;
    if (code >= size) break;
    *marker = data[code];
    memset(out, 0, TAIL);
    bits->count = (uint64_t)(out - bits->bytes) * 8;
    return 0;
  }
  meme_coded_bits_free(bits);
  return 1;
}

void meme_coded_bits_free(struct meme_coded_bits *bits) {
  free(bits->bytes);
  bits->bytes = NULL;
  bits->count = 0;
}

// The 64 bits from bit `position` on (the first 57 at least are the data's).
static inline uint64_t peek(const struct meme_coded_bits *bits, uint64_t position) {
  uint64_t word;
  memcpy(&word, bits->bytes + (position >> 3), sizeof word);
  return __builtin_bswap64(word) << (position & 7);
}

// The symbol whose code starts `word`, its code's length in `*length`; -1 for no code.
static inline int decode_symbol(const struct meme_huffman *table, uint64_t word, int *length) {
  uint16_t entry = table->lookahead[word >> (64 - LOOKAHEAD)];
  if (entry) {
    *length = entry >> 8;
    return entry & 0xFF;
  }
  for (int l = LOOKAHEAD + 1; l <= 16; l++) {
    int32_t code = (int32_t)(word >> (64 - l));
    if (code <= table->maxcode[l]) {
      *length = l;
      return table->values[code + table->valoffset[l]];
    }
  }
  return -1;
}

// The signed value of the `size` bits at the top of `word` (JPEG's "extend").
static inline int extend(uint64_t word, int size) {
  int value = (int)(word >> (64 - size));
  return value < (1 << (size - 1)) ? value - (1 << size) + 1 : value;
}

// Walks one block at bit `*position` (advanced past it) with DC predictor `*dc` (updated), putting
// its coefficients in `block` unless it is NULL: the one coded k-th at `order[k]`, negated where
// `negates` (if not NULL) says so. 0, or 1 for data that is not a valid block.
static inline __attribute__((always_inline)) int walk_block(const struct meme_coded_bits *bits, uint64_t *position,
                                                            int *dc, JCOEF *block, const struct meme_huffman *dc_table,
                                                            const struct meme_huffman *ac_table, const uint8_t *order,
                                                            const uint8_t *negates) {
  uint64_t at = *position;
  if (block) memset(block, 0, sizeof(JCOEF) * DCTSIZE2);
  // The next bits at the top of `word`, `left` of them the data's.
  uint64_t word = peek(bits, at);
  int left = 64 - (int)(at & 7), length;
  int s = decode_symbol(dc_table, word, &length);
  if (s < 0 || s > 11) return 1;
  if (s) *dc += extend(word << length, s);
  if (block) block[0] = (JCOEF)*dc;
  word <<= length + s;
  left -= length + s;
  at += (uint64_t)(length + s);
  for (int k = 1; k < DCTSIZE2;) {
    // A code and its value take at most 27 bits.
    if (left < 27) {
      word = peek(bits, at);
      left = 64 - (int)(at & 7);
    }
    uint16_t entry = ac_table->skip[word >> (64 - SKIP_BITS)];
    int used, move;
    if (entry) {
      used = entry >> 12;
      s = (entry >> 8) & 15;
      move = entry & 0xFF;
    } else {
      int symbol = decode_symbol(ac_table, word, &length);
      if (symbol < 0 || (symbol & 15) > 10) return 1;
      int run = symbol >> 4;
      s = symbol & 15;
      used = length + s;
      move = s ? run + 1 : run == 15 ? SKIP_ZEROS | 16 : SKIP_END;
    }
    uint64_t value_bits = word << (used - s);
    word <<= used;
    left -= used;
    at += (uint64_t)used;
    if (move == SKIP_END) break;
    if (move & SKIP_ZEROS) {
      k += 16;
    } else {
      k += move;
      // The value's place is k - 1: past the 64th coefficient, the data is not valid.
      if (k > DCTSIZE2) return 1;
      if (block) {
        int value = extend(value_bits, s);
        block[order[k - 1]] = (JCOEF)(negates && negates[k - 1] ? -value : value);
      }
    }
  }
  if (at > bits->count) return 1;
  *position = at;
  return 0;
}

int meme_block_decode(const struct meme_coded_bits *bits, uint64_t *position, JCOEF *block, int *dc,
                      const struct meme_huffman *dc_table, const struct meme_huffman *ac_table) {
  return walk_block(bits, position, dc, block, dc_table, ac_table, natural_order, NULL);
}

int meme_block_decode_turned(const struct meme_coded_bits *bits, uint64_t *position, JCOEF *block, int *dc,
                             const struct meme_huffman *dc_table, const struct meme_huffman *ac_table,
                             const uint8_t *order, const uint8_t *negates) {
  return walk_block(bits, position, dc, block, dc_table, ac_table, order, negates);
}

int meme_block_skip(const struct meme_coded_bits *bits, uint64_t *position, int *dc,
                    const struct meme_huffman *dc_table, const struct meme_huffman *ac_table) {
  return walk_block(bits, position, dc, NULL, dc_table, ac_table, natural_order, NULL);
}

// Emits one byte of coded data, stuffing a zero after 0xFF.
static inline void emit(struct meme_bit_writer *writer, uint8_t byte) {
  struct jpeg_destination_mgr *destination = writer->info->dest;
  *destination->next_output_byte++ = byte;
  if (--destination->free_in_buffer == 0 && !(*destination->empty_output_buffer)(writer->info)) {
    ERREXIT(writer->info, JERR_CANT_SUSPEND);
  }
}

// Appends the four bytes of `word` to a writer to memory (which stays empty once memory runs out).
static void put_raw(struct meme_bit_writer *writer, uint32_t word) {
  struct meme_coded_bits *raw = writer->raw;
  if (!raw->bytes) return;
  size_t used = (size_t)(raw->count / 8);
  if (used + 4 + TAIL > writer->raw_capacity) {
    size_t capacity = writer->raw_capacity * 2;
    uint8_t *grown = realloc(raw->bytes, capacity);
    if (!grown) {
      meme_coded_bits_free(raw);
      return;
    }
    raw->bytes = grown;
    writer->raw_capacity = capacity;
  }
  uint8_t *out = raw->bytes + used;
  out[0] = (uint8_t)(word >> 24);
  out[1] = (uint8_t)(word >> 16);
  out[2] = (uint8_t)(word >> 8);
  out[3] = (uint8_t)word;
  raw->count += 32;
}

void meme_bits_start_raw(struct meme_bit_writer *writer, struct meme_coded_bits *raw, size_t expected) {
  writer->info = NULL;
  writer->buffer = 0;
  writer->count = 0;
  writer->raw = raw;
  writer->raw_capacity = expected + TAIL + 64;
  raw->bytes = malloc(writer->raw_capacity);
  raw->count = 0;
}

int meme_bits_end_raw(struct meme_bit_writer *writer) {
  struct meme_coded_bits *raw = writer->raw;
  int left = writer->count;
  uint64_t total = raw->count + (uint64_t)left;
  // The bits not yet put, padded with zeros to a whole word (the count says where they end).
  if (left > 0) put_raw(writer, (uint32_t)(writer->buffer << (32 - left)));
  if (!raw->bytes) return 1;
  raw->count = total;
  memset(raw->bytes + (raw->count + 7) / 8, 0, TAIL);
  return 0;
}

void meme_bits_put(struct meme_bit_writer *writer, uint32_t value, int count) {
  writer->buffer = writer->buffer << count | value;
  writer->count += count;
  if (writer->count < 32) return;
  writer->count -= 32;
  uint32_t word = (uint32_t)(writer->buffer >> writer->count);
  if (!writer->info) {
    put_raw(writer, word);
    return;
  }
  struct jpeg_destination_mgr *destination = writer->info->dest;
  // Four bytes at once when none of them is 0xFF (none needs a zero after it) and they fit.
  uint32_t inverted = ~word;
  if (!((inverted - 0x01010101u) & ~inverted & 0x80808080u) && destination->free_in_buffer > 4) {
    JOCTET *out = destination->next_output_byte;
    out[0] = (JOCTET)(word >> 24);
    out[1] = (JOCTET)(word >> 16);
    out[2] = (JOCTET)(word >> 8);
    out[3] = (JOCTET)word;
    destination->next_output_byte = out + 4;
    destination->free_in_buffer -= 4;
    return;
  }
  for (int shift = 24; shift >= 0; shift -= 8) {
    uint8_t byte = (uint8_t)(word >> shift);
    emit(writer, byte);
    if (byte == 0xFF) emit(writer, 0);
  }
}

void meme_bits_copy(struct meme_bit_writer *writer, const struct meme_coded_bits *bits, uint64_t from, uint64_t to) {
  while (to - from >= 32) {
    meme_bits_put(writer, (uint32_t)(peek(bits, from) >> 32), 32);
    from += 32;
  }
  if (to > from) {
    int count = (int)(to - from);
    meme_bits_put(writer, (uint32_t)(peek(bits, from) >> (64 - count)), count);
  }
}

void meme_bits_finish(struct meme_bit_writer *writer) {
  int pad = (8 - writer->count % 8) % 8;
  writer->buffer = writer->buffer << pad | ((1u << pad) - 1);
  writer->count += pad;
  while (writer->count >= 8) {
    writer->count -= 8;
    uint8_t byte = (uint8_t)(writer->buffer >> writer->count);
    emit(writer, byte);
    if (byte == 0xFF) emit(writer, 0);
  }
}

// The number of bits of |value|.
static inline int magnitude(int value) {
  if (value < 0) value = -value;
  return value ? 32 - __builtin_clz((unsigned)value) : 0;
}

// Puts `symbol`'s code and the low `size` bits of `value` (one less when negative, as JPEG codes it).
static inline int put_coded(struct meme_bit_writer *writer, const struct meme_huffman *table, int symbol,
                            int value, int size) {
  if (!table->size[symbol]) return 1;
  uint32_t bits = (uint32_t)(value < 0 ? value - 1 : value) & ((1u << size) - 1);
  meme_bits_put(writer, (uint32_t)table->code[symbol] << size | bits, table->size[symbol] + size);
  return 0;
}

int meme_block_encode(struct meme_bit_writer *writer, const JCOEF *block, int *dc,
                      const struct meme_huffman *dc_table, const struct meme_huffman *ac_table) {
  int difference = block[0] - *dc;
  int size = magnitude(difference);
  if (size > 11 || put_coded(writer, dc_table, size, difference, size)) return 1;
  *dc = block[0];
  // Which AC coefficients (in zig-zag order) are not zero: the runs of zeros between them follow.
  uint64_t nonzero = 0;
  for (int k = 1; k < DCTSIZE2; k++) nonzero |= (uint64_t)(block[natural_order[k]] != 0) << k;
  int last = 0;
  while (nonzero) {
    int k = __builtin_ctzll(nonzero);
    nonzero &= nonzero - 1;
    int run = k - last - 1;
    last = k;
    for (; run > 15; run -= 16) {
      if (put_coded(writer, ac_table, 0xF0, 0, 0)) return 1;
    }
    int value = block[natural_order[k]];
    size = magnitude(value);
    if (size > 10 || put_coded(writer, ac_table, run << 4 | size, value, size)) return 1;
  }
  if (last < DCTSIZE2 - 1 && put_coded(writer, ac_table, 0x00, 0, 0)) return 1;
  return 0;
}
