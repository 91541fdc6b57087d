// SPDX-License-Identifier: GPL-3.0-or-later
#include "meme_jpeg_blocks.h"
#include "meme_big_buffer.h"
#include "meme_jpeg_decode.h"

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jpeglib.h>
// After jpeglib.h: the error codes and ERREXIT macros, and the entropy coder's interface (the
// caption rows swap libjpeg's Huffman coder for one that hands blocks over in memory).
#include <jerror.h>
#include <jpegint.h>

#include "meme_jpeg_entropy.h"

// Cairo's ARGB32 word in memory order: B, G, R, A on little-endian machines, A, R, G, B otherwise.
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define MEME_DECODED_SPACE JCS_EXT_BGRA
#define MEME_ENCODED_SPACE JCS_EXT_BGRX
#else
#define MEME_DECODED_SPACE JCS_EXT_ARGB
#define MEME_ENCODED_SPACE JCS_EXT_XRGB
#endif

// libjpeg reports a fatal error by calling error_exit, which must not return: it jumps back to the
// public function that was running, which cleans up and returns MEME_BLOCKS_FAILED. Each call has
// a manager of its own for the objects it makes, so calls on disjoint rows may run on two threads.
struct meme_error {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  // libjpeg's progress hook, called before each MCU row, asks `stop`; a stop jumps back like an
  // error, with `cancelled` set.
  struct jpeg_progress_mgr progress;
  meme_blocks_stop stop;
  void *stop_context;
  int cancelled;
  // Set when the reading stopped at the scan limit, or at libjpeg's first warning.
  int too_many_scans, damaged;
  // Set when a call waited for blocks whose reading then failed.
  int reading_failed;
};

static void meme_error_exit(j_common_ptr info) {
  struct meme_error *error = (struct meme_error *)info->err;
  longjmp(error->jump, 1);
}

// Jumps back to `error`'s setjmp, as cancelled, when its stop says so.
static void check_stop(struct meme_error *error) {
  if (error->stop && error->stop(error->stop_context)) {
    error->cancelled = 1;
    longjmp(error->jump, 1);
  }
}

static void meme_progress(j_common_ptr info) { check_stop((struct meme_error *)info->err); }

// Has libjpeg ask `error`'s stop while `info` works (after jpeg_create_*, which clears the hook).
static void watch(j_common_ptr info, struct meme_error *error) {
  error->progress.progress_monitor = meme_progress;
  info->progress = &error->progress;
}

// Warnings (damaged data that libjpeg can step over) are counted, never printed.
static void meme_emit_message(j_common_ptr info, int level) {
  if (level < 0) info->err->num_warnings++;
}

// At most this many spans of rows held at once (captions rarely make more than two).
#define MEME_BLOCKS_MAX_HELD 16

struct meme_jpeg_blocks {
  struct jpeg_decompress_struct source;
  // The photo's header read a second time, by an object that reads nothing more: what every
  // thread makes its encoders and decoders from (tables, sampling, colour space, density). The
  // reading thread changes `source` while it reads (a marker after the scan may rewrite a table or,
  // before libjpeg refuses a second frame header, the component count), so no other thread may
  // look at `source` itself.
  struct jpeg_decompress_struct header;
  int has_header;
  struct meme_error error;
  // How the stored picture becomes upright: transpose first, then mirror the result's axes.
  int transposes, flips_x, flips_y;
  // The upright picture: size, sampling per component, blocks per component row and column
  // (padded to whole MCUs), the coefficient arrays and a pointer to each of their block rows.
  int width, height, components, max_h, max_v;
  int h[MAX_COMPONENTS], v[MAX_COMPONENTS];
  int blocks_wide[MAX_COMPONENTS], blocks_high[MAX_COMPONENTS];
  jvirt_barray_ptr arrays[MAX_COMPONENTS];
  JBLOCKROW *rows[MAX_COMPONENTS];
  JOCTET *icc;
  unsigned int icc_size;
  size_t input_size;
  // Owns the turned blocks (orientations 2–8), so the photo's own can be freed once turned.
  struct jpeg_compress_struct holder;
  int has_holder;
  // The photo's data and orientation, read by meme_jpeg_blocks_read.
  const uint8_t *data;
  int orientation;
  // What other threads may use while the blocks are being read, guarded by `lock`: MCU rows
  // [0, rows_ready) are final (their row pointers set), `reading` is 0 while reading, 1 once done
  // and 2 if it failed; MCU rows in a held span are being redrawn and not to be written yet.
  pthread_mutex_t lock;
  pthread_cond_t changed;
  int rows_ready, reading;
  struct { int first, end; } held[MEME_BLOCKS_MAX_HELD];
  int held_count;
  // A photo kept as stored in one baseline scan whose Huffman tables can code any block keeps its
  // coded bits (see meme_jpeg_entropy.h): reading only finds where each MCU row's bits start and
  // its DC predictors there; the rows the captions need are decoded on demand (`row_blocks`,
  // guarded by `lock`), and writing copies every other row's bits.
  int copies_coded;
  int mcu_rows, mcus_wide, blocks_in_mcu;
  struct meme_huffman dc_tables[NUM_HUFF_TBLS], ac_tables[NUM_HUFF_TBLS];
  // For each block of an MCU: its component, its place in the MCU and its tables.
  int block_component[C_MAX_BLOCKS_IN_MCU], block_x[C_MAX_BLOCKS_IN_MCU], block_y[C_MAX_BLOCKS_IN_MCU];
  const struct meme_huffman *block_dc[C_MAX_BLOCKS_IN_MCU], *block_ac[C_MAX_BLOCKS_IN_MCU];
  struct meme_coded_bits coded;
  // Per MCU row (and one past the last): where its bits start, and each component's DC there.
  uint64_t *row_starts;
  int (*row_predictors)[MAX_COMPONENTS];
  JBLOCK **row_blocks;
  // Room for every MCU row's blocks, each row at a place of its own: only the rows decoded take
  // memory. Per MCU row, 1 once a thread set out to decode it into its place (guarded by `lock`).
  JBLOCK *row_arena;
  unsigned char *row_claimed;
  // A photo to be turned whose blocks are decoded here (see prepare_turned_decoding): the upright
  // blocks of every component, and how each coefficient coded moves and changes sign in them.
  int decodes_turned;
  JBLOCK *turned_blocks;
  uint8_t turned_order[DCTSIZE2];
  uint8_t turned_negates[DCTSIZE2];
  // Per MCU row, 1 once a caption changed one of its MCUs (written by replace_rows while the row is
  // held): only those rows are coded again.
  unsigned char *row_changed;
  // Per MCU row, a changed row's bits coded ahead by the thread that replaced its blocks (written
  // while the row is held), with the DC predictors they were coded from and end on: writing copies
  // them where its predictors are the same.
  struct coded_row {
    struct meme_coded_bits bits;
    int start_dc[MAX_COMPONENTS], end_dc[MAX_COMPONENTS];
  } *row_coded;
  // Where each component's blocks start in a decoded MCU row of `row_blocks`.
  size_t component_offset[MAX_COMPONENTS];
  // MCU rows put above the photo (see meme_jpeg_blocks_set_band), written before the photo's rows,
  // which move down by as many MCU rows unchanged: their blocks, each MCU row laid out as a decoded
  // MCU row of `row_blocks`, and a pointer to each of their block rows per component.
  int band_mcu_rows;
  JBLOCK *band_arena;
  JBLOCKROW *band_rows[MAX_COMPONENTS];
};

static void set_reason(char *reason, size_t size, const char *text) {
  if (size > 0) snprintf(reason, size, "%s", text);
}

static void start_error(struct meme_error *error, meme_blocks_stop stop, void *stop_context) {
  error->stop = stop;
  error->stop_context = stop_context;
  jpeg_std_error(&error->pub);
  error->pub.error_exit = meme_error_exit;
  error->pub.emit_message = meme_emit_message;
}

// libjpeg's message for the error that jumped back to `error`'s setjmp.
static meme_blocks_status failed(struct meme_error *error, char *reason, size_t size) {
  if (error->too_many_scans) {
    char text[80];
    snprintf(text, sizeof text, "more than %d scans", MEME_JPEG_MAX_SCANS);
    set_reason(reason, size, text);
    return MEME_BLOCKS_TOO_MANY_SCANS;
  }
  if (error->cancelled) {
    set_reason(reason, size, "cancelled");
    return MEME_BLOCKS_CANCELLED;
  }
  if (error->damaged) {
    set_reason(reason, size, "the photo has damaged data");
    return MEME_BLOCKS_UNSUITABLE;
  }
  if (error->reading_failed) {
    set_reason(reason, size, "the photo's blocks could not be read");
    return MEME_BLOCKS_UNSUITABLE;
  }
  // format_message only reads the error manager through the object; any object will do.
  struct jpeg_decompress_struct any;
  any.err = &error->pub;
  char message[JMSG_LENGTH_MAX];
  (*error->pub.format_message)((j_common_ptr)&any, message);
  set_reason(reason, size, message);
  return MEME_BLOCKS_FAILED;
}

// MARK: A growing memory destination the caller owns (libjpeg's own leaks its buffer on error).

struct memory_destination {
  struct jpeg_destination_mgr pub;
  unsigned char *buffer;
  size_t capacity;
};

static void memory_init(j_compress_ptr info) {
  struct memory_destination *destination = (struct memory_destination *)info->dest;
  destination->pub.next_output_byte = destination->buffer;
  destination->pub.free_in_buffer = destination->capacity;
}

static boolean memory_grow(j_compress_ptr info) {
  struct memory_destination *destination = (struct memory_destination *)info->dest;
  size_t capacity = destination->capacity * 2;
  unsigned char *grown = realloc(destination->buffer, capacity);
  if (!grown) ERREXIT1(info, JERR_OUT_OF_MEMORY, 10);
  destination->pub.next_output_byte = grown + destination->capacity;
  destination->pub.free_in_buffer = capacity - destination->capacity;
  destination->buffer = grown;
  destination->capacity = capacity;
  return TRUE;
}

static void memory_term(j_compress_ptr info) { (void)info; }

// Starts `destination` with `capacity` bytes (at least 4 KiB); its buffer is freed by the caller.
// The meme is megabytes, written at once.
static int memory_destination_start(struct memory_destination *destination, j_compress_ptr info,
                                    size_t capacity) {
  destination->capacity = capacity < 4096 ? 4096 : capacity;
  destination->buffer = meme_big_buffer(destination->capacity);
  if (!destination->buffer) return 0;
  destination->pub.init_destination = memory_init;
  destination->pub.empty_output_buffer = memory_grow;
  destination->pub.term_destination = memory_term;
  info->dest = &destination->pub;
  return 1;
}

static size_t memory_destination_size(const struct memory_destination *destination) {
  return destination->capacity - destination->pub.free_in_buffer;
}

// MARK: Geometry

// The parameters of a JPEG with the source's quantisation tables and sampling, turned upright (a
// transposing orientation swaps the sampling factors and the density), `height` rows high.
static void set_upright_parameters(meme_jpeg_blocks *blocks, j_compress_ptr info, int height) {
  jpeg_copy_critical_parameters(&blocks->header, info);
  info->image_width = (JDIMENSION)blocks->width;
  info->image_height = (JDIMENSION)height;
  for (int c = 0; c < blocks->components; c++) {
    info->comp_info[c].h_samp_factor = blocks->h[c];
    info->comp_info[c].v_samp_factor = blocks->v[c];
  }
  if (blocks->transposes) {
    // A transposed block's coefficient (v, u) was quantised with the table's (u, v): the tables
    // turn with the blocks (most are not symmetric).
    for (int t = 0; t < NUM_QUANT_TBLS; t++) {
      JQUANT_TBL *table = info->quant_tbl_ptrs[t];
      if (!table) continue;
      for (int v = 0; v < DCTSIZE; v++) {
        for (int u = v + 1; u < DCTSIZE; u++) {
          UINT16 value = table->quantval[v * DCTSIZE + u];
          table->quantval[v * DCTSIZE + u] = table->quantval[u * DCTSIZE + v];
          table->quantval[u * DCTSIZE + v] = value;
        }
      }
    }
    UINT16 density = info->X_density;
    info->X_density = info->Y_density;
    info->Y_density = density;
  }
}

// A block array for `info` the size of the upright picture's component `c`, `block_rows` high.
static jvirt_barray_ptr request_array(meme_jpeg_blocks *blocks, j_common_ptr info, int c, int block_rows) {
  return (*info->mem->request_virt_barray)(info, JPOOL_IMAGE, FALSE, (JDIMENSION)blocks->blocks_wide[c],
                                           (JDIMENSION)block_rows, (JDIMENSION)blocks->v[c]);
}

// Sets `rows[first, end)` to point at those block rows of a realised array (all of it is in memory:
// libjpeg-turbo keeps no backing store), so blocks can be reached across rows without libjpeg's
// access windows (which only the thread filling the array may move).
static void fill_rows(j_common_ptr info, jvirt_barray_ptr array, JBLOCKROW *rows, int first, int end) {
  for (int row = first; row < end; row++) {
    rows[row] = (*info->mem->access_virt_barray)(info, array, (JDIMENSION)row, 1, TRUE)[0];
  }
}

// A pointer to each block row of a realised array, from `info`'s image pool.
static JBLOCKROW *row_table(j_common_ptr info, jvirt_barray_ptr array, int block_rows) {
  JBLOCKROW *rows = (JBLOCKROW *)(*info->mem->alloc_small)(info, JPOOL_IMAGE,
                                                           sizeof(JBLOCKROW) * (size_t)block_rows);
  fill_rows(info, array, rows, 0, block_rows);
  return rows;
}

// MARK: Rows handed from the reading thread to the others

// Marks MCU rows [0, rows) final, or reading finished (`state` 1) or failed (2).
static void publish(meme_jpeg_blocks *blocks, int rows, int state) {
  pthread_mutex_lock(&blocks->lock);
  if (rows > blocks->rows_ready) blocks->rows_ready = rows;
  if (state) blocks->reading = state;
  pthread_cond_broadcast(&blocks->changed);
  pthread_mutex_unlock(&blocks->lock);
}

static int is_held(const meme_jpeg_blocks *blocks, int row) {
  for (int i = 0; i < blocks->held_count; i++) {
    if (row >= blocks->held[i].first && row < blocks->held[i].end) return 1;
  }
  return 0;
}

// Waits until MCU rows [0, end) are final and, with `unheld`, MCU row end - 1 is not being
// redrawn. Jumps back to `error`'s setjmp when reading failed or `error`'s stop says so (asked
// every few milliseconds while waiting).
static void wait_for_rows(meme_jpeg_blocks *blocks, struct meme_error *error, int end, int unheld) {
  pthread_mutex_lock(&blocks->lock);
  for (;;) {
    int failed_reading = blocks->reading == 2;
    int ready = blocks->rows_ready >= end && !(unheld && is_held(blocks, end - 1));
    if (failed_reading || ready) {
      pthread_mutex_unlock(&blocks->lock);
      if (failed_reading) {
        error->reading_failed = 1;
        longjmp(error->jump, 1);
      }
      return;
    }
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 10 * 1000 * 1000;
    if (until.tv_nsec >= 1000000000L) {
      until.tv_sec += 1;
      until.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&blocks->changed, &blocks->lock, &until);
    pthread_mutex_unlock(&blocks->lock);
    check_stop(error);
    pthread_mutex_lock(&blocks->lock);
  }
}

void meme_jpeg_blocks_hold_rows(meme_jpeg_blocks *blocks, int first_row, int end_row) {
  int mcu_height = DCTSIZE * blocks->max_v;
  pthread_mutex_lock(&blocks->lock);
  if (blocks->held_count < MEME_BLOCKS_MAX_HELD) {
    blocks->held[blocks->held_count].first = first_row / mcu_height;
    blocks->held[blocks->held_count].end = (end_row + mcu_height - 1) / mcu_height;
    blocks->held_count++;
  }
  pthread_mutex_unlock(&blocks->lock);
}

void meme_jpeg_blocks_release_rows(meme_jpeg_blocks *blocks, int first_row, int end_row) {
  int mcu_height = DCTSIZE * blocks->max_v;
  int first = first_row / mcu_height, end = (end_row + mcu_height - 1) / mcu_height;
  pthread_mutex_lock(&blocks->lock);
  for (int i = 0; i < blocks->held_count; i++) {
    if (blocks->held[i].first == first && blocks->held[i].end == end) {
      blocks->held[i] = blocks->held[--blocks->held_count];
      break;
    }
  }
  pthread_cond_broadcast(&blocks->changed);
  pthread_mutex_unlock(&blocks->lock);
}

// The reading thread's progress hook: asks the stop, and (for a photo read in one sequential scan
// and kept as stored) hands over each MCU row as soon as it is read.
static void reading_progress(j_common_ptr info) {
  struct meme_error *error = (struct meme_error *)info->err;
  j_decompress_ptr source = (j_decompress_ptr)info;
  // A scan bomb stops here, within a scan of the limit.
  if (source->input_scan_number > MEME_JPEG_MAX_SCANS) {
    error->too_many_scans = 1;
    longjmp(error->jump, 1);
  }
  // A photo with damaged data is declined (its pixels are decoded whole, with libjpeg's repairs
  // and a warning): reading on would only decode it twice.
  if (info->err->num_warnings > 0) {
    error->damaged = 1;
    longjmp(error->jump, 1);
  }
  check_stop(error);
  meme_jpeg_blocks *blocks = (meme_jpeg_blocks *)info->client_data;
  if (!blocks || blocks->orientation > 1 || source->progressive_mode ||
      source->comps_in_scan != source->num_components || !source->coef || !source->coef->coef_arrays) {
    return;
  }
  int done = (int)source->input_iMCU_row;
  if (done <= blocks->rows_ready) return;
  for (int c = 0; c < blocks->components; c++) {
    fill_rows(info, source->coef->coef_arrays[c], blocks->rows[c], blocks->rows_ready * blocks->v[c],
              done * blocks->v[c]);
  }
  publish(blocks, done, 0);
}

// The EXIF orientation as a transpose followed by mirrorings of the result.
static void decompose(int orientation, int *transposes, int *flips_x, int *flips_y) {
  static const int table[9][3] = {{0, 0, 0}, {0, 0, 0}, {0, 1, 0}, {0, 1, 1}, {0, 0, 1},
                                  {1, 0, 0}, {1, 1, 0}, {1, 1, 1}, {1, 0, 1}};
  if (orientation < 1 || orientation > 8) orientation = 1;
  *transposes = table[orientation][0];
  *flips_x = table[orientation][1];
  *flips_y = table[orientation][2];
}

// Fills the upright arrays from the stored ones: each block moves to its turned place, transposed
// when the picture is, and mirroring an axis negates the coefficients of odd frequency along it
// (cos((2(7-x)+1)uπ/16) = (-1)^u cos((2x+1)uπ/16)). Exact: no coefficient is recomputed.
static void turn_blocks(meme_jpeg_blocks *blocks, jvirt_barray_ptr *stored) {
  j_common_ptr info = (j_common_ptr)&blocks->source;
  for (int c = 0; c < blocks->components; c++) {
    int stored_high = blocks->transposes ? blocks->blocks_wide[c] : blocks->blocks_high[c];
    JBLOCKROW *source_rows = row_table(info, stored[c], stored_high);
    int wide = blocks->blocks_wide[c], high = blocks->blocks_high[c];
    for (int y = 0; y < high; y++) {
      check_stop(&blocks->error);
      JBLOCKROW target_row = blocks->rows[c][y];
      for (int x = 0; x < wide; x++) {
        int px = blocks->flips_x ? wide - 1 - x : x;
        int py = blocks->flips_y ? high - 1 - y : y;
        const JCOEF *in = blocks->transposes ? source_rows[px][py] : source_rows[py][px];
        JCOEF *out = target_row[x];
        for (int v = 0; v < DCTSIZE; v++) {
          for (int u = 0; u < DCTSIZE; u++) {
            JCOEF value = blocks->transposes ? in[u * DCTSIZE + v] : in[v * DCTSIZE + u];
            if ((blocks->flips_x && (u & 1)) != (blocks->flips_y && (v & 1))) value = (JCOEF)-value;
            out[v * DCTSIZE + u] = value;
          }
        }
      }
    }
  }
}

static meme_blocks_status unsuitable(char *reason, size_t size, const char *text);

// MARK: Coded bits kept

// The size of one decoded MCU row's blocks.
static size_t coded_row_size(const meme_jpeg_blocks *blocks) {
  return sizeof(JBLOCK) * (size_t)blocks->mcus_wide * (size_t)blocks->blocks_in_mcu;
}

// Where MCU row `row` is decoded to.
static JBLOCK *coded_row_place(const meme_jpeg_blocks *blocks, int row) {
  return blocks->row_arena + (size_t)row * (size_t)blocks->mcus_wide * (size_t)blocks->blocks_in_mcu;
}

// Prepares the Huffman tables and the layout of an MCU of a photo stored in one baseline Huffman
// scan of every component without restart markers, whose coded data can then be walked and decoded
// here; 0 when it is stored otherwise or a table is malformed. `complete` tells whether every table
// can also code any block.
static int prepare_scan(meme_jpeg_blocks *blocks, int *complete) {
  struct jpeg_decompress_struct *source = &blocks->source;
  if (source->progressive_mode || source->arith_code || source->restart_interval ||
      source->comps_in_scan != source->num_components || source->Ss != 0 || source->Se != DCTSIZE2 - 1 ||
      source->Ah != 0 || source->Al != 0) {
    return 0;
  }
  // A lone component's scan is not interleaved: each MCU is one block.
  int alone = source->num_components == 1;
  if (alone && (source->comp_info[0].h_samp_factor != 1 || source->comp_info[0].v_samp_factor != 1)) return 0;
  *complete = 1;
  int n = 0;
  for (int i = 0; i < source->comps_in_scan; i++) {
    const jpeg_component_info *comp = source->cur_comp_info[i];
    int c = comp->component_index;
    if (comp->dc_tbl_no < 0 || comp->dc_tbl_no >= NUM_HUFF_TBLS || comp->ac_tbl_no < 0 ||
        comp->ac_tbl_no >= NUM_HUFF_TBLS) {
      return 0;
    }
    struct meme_huffman *dc = &blocks->dc_tables[comp->dc_tbl_no], *ac = &blocks->ac_tables[comp->ac_tbl_no];
    if (!meme_huffman_prepare(dc, source->dc_huff_tbl_ptrs[comp->dc_tbl_no], 1) ||
        !meme_huffman_prepare(ac, source->ac_huff_tbl_ptrs[comp->ac_tbl_no], 0)) {
      return 0;
    }
    *complete = *complete && dc->complete && ac->complete;
    // The blocks of a component in an MCU as stored, row by row.
    for (int y = 0; y < comp->v_samp_factor; y++) {
      for (int x = 0; x < comp->h_samp_factor; x++, n++) {
        if (n >= C_MAX_BLOCKS_IN_MCU) return 0;
        blocks->block_component[n] = c;
        blocks->block_x[n] = x;
        blocks->block_y[n] = y;
        blocks->block_dc[n] = dc;
        blocks->block_ac[n] = ac;
      }
    }
  }
  blocks->blocks_in_mcu = n;
  return 1;
}

// Whether the photo keeps its coded bits (and if so, prepares for it): kept as stored, one
// baseline Huffman scan of every component without restart markers, and tables with a code for
// every symbol a block may need (the standard tables most cameras and libjpeg use have; tables
// optimised for one photo lack some, and such a photo's blocks are all coded anew instead).
static int prepare_coded_copy(meme_jpeg_blocks *blocks) {
  int complete = 0;
  if (blocks->orientation > 1 || !prepare_scan(blocks, &complete) || !complete) return 0;
  blocks->mcu_rows = blocks->blocks_high[0] / blocks->v[0];
  blocks->mcus_wide = blocks->blocks_wide[0] / blocks->h[0];
  size_t offset = 0;
  for (int c = 0; c < blocks->components; c++) {
    blocks->component_offset[c] = offset;
    offset += (size_t)blocks->v[c] * (size_t)blocks->blocks_wide[c];
  }
  blocks->row_starts = calloc((size_t)blocks->mcu_rows + 1, sizeof *blocks->row_starts);
  blocks->row_predictors = calloc((size_t)blocks->mcu_rows + 1, sizeof *blocks->row_predictors);
  blocks->row_blocks = calloc((size_t)blocks->mcu_rows, sizeof *blocks->row_blocks);
  blocks->row_changed = calloc((size_t)blocks->mcu_rows, 1);
  blocks->row_coded = calloc((size_t)blocks->mcu_rows, sizeof *blocks->row_coded);
  blocks->row_claimed = calloc((size_t)blocks->mcu_rows, 1);
  blocks->row_arena = meme_big_buffer(coded_row_size(blocks) * (size_t)blocks->mcu_rows);
  return blocks->row_starts && blocks->row_predictors && blocks->row_blocks && blocks->row_changed &&
         blocks->row_coded && blocks->row_claimed && blocks->row_arena;
}

// Whether a photo to be turned upright is decoded here (and if so, prepares for it): stored in one
// baseline Huffman scan as for keeping its code, its blocks are decoded straight to their upright
// places, turned as they are put there, instead of read whole by libjpeg and turned in a second
// copy of them.
static int prepare_turned_decoding(meme_jpeg_blocks *blocks) {
  int complete = 0;
  if (blocks->orientation <= 1 || !prepare_scan(blocks, &complete)) return 0;
  // Where each coefficient, in the order coded, goes in the turned block, and whether it changes
  // sign (see turn_blocks).
  static const uint8_t natural_order[DCTSIZE2] = {
      0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33, 40, 48,
      41, 34, 27, 20, 13, 6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23,
      30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};
  for (int k = 0; k < DCTSIZE2; k++) {
    int row = natural_order[k] / DCTSIZE, column = natural_order[k] % DCTSIZE;
    // The stored block's (row, column) is the upright block's (v, u), or (u, v) when transposed.
    int v = blocks->transposes ? column : row, u = blocks->transposes ? row : column;
    blocks->turned_order[k] = (uint8_t)(v * DCTSIZE + u);
    blocks->turned_negates[k] = (blocks->flips_x && (u & 1)) != (blocks->flips_y && (v & 1));
  }
  return 1;
}

// Block `n` of MCU `x` in a decoded MCU row.
static JCOEF *coded_block(const meme_jpeg_blocks *blocks, JBLOCK *row, int x, int n) {
  int c = blocks->block_component[n];
  return row[blocks->component_offset[c] + (size_t)blocks->block_y[n] * (size_t)blocks->blocks_wide[c] +
             (size_t)x * (size_t)blocks->h[c] + (size_t)blocks->block_x[n]];
}

// Decodes an MCU row into `row` from bit `*position` with DC predictors `dc`, advancing both; 0, or
// 1 for data that is not valid.
static int decode_coded_row(const meme_jpeg_blocks *blocks, uint64_t *position, int *dc, JBLOCK *row) {
  for (int x = 0; x < blocks->mcus_wide; x++) {
    for (int n = 0; n < blocks->blocks_in_mcu; n++) {
      if (meme_block_decode(&blocks->coded, position, coded_block(blocks, row, x, n),
                            &dc[blocks->block_component[n]], blocks->block_dc[n], blocks->block_ac[n])) {
        return 1;
      }
    }
  }
  return 0;
}

// Walks an MCU row from bit `*position` with DC predictors `dc`, advancing both; 0, or 1 for data
// that is not valid.
static int skip_coded_row(const meme_jpeg_blocks *blocks, uint64_t *position, int *dc) {
  for (int x = 0; x < blocks->mcus_wide; x++) {
    for (int n = 0; n < blocks->blocks_in_mcu; n++) {
      if (meme_block_skip(&blocks->coded, position, &dc[blocks->block_component[n]], blocks->block_dc[n],
                          blocks->block_ac[n])) {
        return 1;
      }
    }
  }
  return 0;
}

// Makes MCU row `row`'s blocks, decoded to its place by the thread that claimed it, available.
static void install_coded_row(meme_jpeg_blocks *blocks, int row) {
  JBLOCK *decoded = coded_row_place(blocks, row);
  pthread_mutex_lock(&blocks->lock);
  blocks->row_blocks[row] = decoded;
  for (int c = 0; c < blocks->components; c++) {
    for (int y = 0; y < blocks->v[c]; y++) {
      blocks->rows[c][row * blocks->v[c] + y] =
          decoded + blocks->component_offset[c] + (size_t)y * (size_t)blocks->blocks_wide[c];
    }
  }
  pthread_cond_broadcast(&blocks->changed);
  pthread_mutex_unlock(&blocks->lock);
}

// Whether MCU row `row` is held for redrawing or next to such rows (which decoding them reads
// too), and not yet decoded. Only with `lock` taken.
static int row_wanted(const meme_jpeg_blocks *blocks, int row) {
  if (blocks->row_claimed[row]) return 0;
  for (int i = 0; i < blocks->held_count; i++) {
    if (row >= blocks->held[i].first - 1 && row <= blocks->held[i].end) return 1;
  }
  return 0;
}

// Reads a photo that keeps its coded bits: finds where each MCU row's bits start, handing each row
// over as soon as it is found.
// Takes the byte stuffing out of the photo's scan data into `coded`; NULL, or what is wrong with it.
static const char *unstuff_scan(meme_jpeg_blocks *blocks) {
  struct jpeg_decompress_struct *source = &blocks->source;
  // The header was read up to the scan's own: its data starts where libjpeg stopped reading.
  size_t start = blocks->input_size - source->src->bytes_in_buffer;
  int marker = 0;
  int status = meme_coded_bits_unstuff(blocks->data + start, blocks->input_size - start, &blocks->coded, &marker);
  if (status < 0) ERREXIT1(source, JERR_OUT_OF_MEMORY, 16);
  if (status > 0 || (marker >= 0xD0 && marker <= 0xD7)) return "the photo has damaged data";
  // Another scan or a DNL marker follows.
  if (marker != 0xD9) return "the photo's data goes on after its first scan";
  return NULL;
}

static meme_blocks_status read_coded(meme_jpeg_blocks *blocks, char *reason, size_t reason_size) {
  const char *problem = unstuff_scan(blocks);
  uint64_t position = 0;
  int dc[MAX_COMPONENTS] = {0};
  for (int row = 0; !problem && row < blocks->mcu_rows; row++) {
    check_stop(&blocks->error);
    // The rows held for the captions once they are known are decoded as they are read, so the
    // captions' thread finds their blocks ready.
    pthread_mutex_lock(&blocks->lock);
    int wanted = row_wanted(blocks, row);
    if (wanted) blocks->row_claimed[row] = 1;
    pthread_mutex_unlock(&blocks->lock);
    JBLOCK *decoded = wanted ? coded_row_place(blocks, row) : NULL;
    if (decoded ? decode_coded_row(blocks, &position, dc, decoded) : skip_coded_row(blocks, &position, dc)) {
      problem = "the photo has damaged data";
      break;
    }
    if (decoded) install_coded_row(blocks, row);
    blocks->row_starts[row + 1] = position;
    memcpy(blocks->row_predictors[row + 1], dc, sizeof dc);
    publish(blocks, row + 1, 0);
  }
  if (problem) {
    publish(blocks, 0, 2);
    return unsuitable(reason, reason_size, problem);
  }
  publish(blocks, blocks->mcu_rows, 1);
  return MEME_BLOCKS_OK;
}

// Reads a photo to be turned that is decoded here: every block of the scan goes to its upright
// place, turned as it is put there. The rows are handed over once all are read (the first upright
// row holds blocks from the end of the scan).
static meme_blocks_status read_turned(meme_jpeg_blocks *blocks, char *reason, size_t reason_size) {
  const char *problem = unstuff_scan(blocks);
  size_t total = 0;
  for (int c = 0; c < blocks->components; c++) {
    total += (size_t)blocks->blocks_wide[c] * (size_t)blocks->blocks_high[c];
  }
  blocks->turned_blocks = problem ? NULL : meme_big_buffer(sizeof(JBLOCK) * total);
  if (!problem && !blocks->turned_blocks) ERREXIT1(&blocks->source, JERR_OUT_OF_MEMORY, 17);
  JBLOCK *place = blocks->turned_blocks;
  for (int c = 0; !problem && c < blocks->components; c++) {
    for (int y = 0; y < blocks->blocks_high[c]; y++) {
      blocks->rows[c][y] = place + (size_t)y * (size_t)blocks->blocks_wide[c];
    }
    place += (size_t)blocks->blocks_wide[c] * (size_t)blocks->blocks_high[c];
  }
  // The stored picture's MCUs: the upright ones transposed when the picture is.
  int mcus_wide = blocks->blocks_wide[0] / blocks->h[0], mcus_high = blocks->blocks_high[0] / blocks->v[0];
  int stored_wide = blocks->transposes ? mcus_high : mcus_wide;
  int stored_high = blocks->transposes ? mcus_wide : mcus_high;
  uint64_t position = 0;
  int dc[MAX_COMPONENTS] = {0};
  for (int my = 0; !problem && my < stored_high; my++) {
    check_stop(&blocks->error);
    for (int mx = 0; !problem && mx < stored_wide; mx++) {
      for (int n = 0; n < blocks->blocks_in_mcu; n++) {
        int c = blocks->block_component[n];
        // The block's row and column as stored (a stored MCU is h × v blocks of the stored
        // picture, whose sampling is the upright one's transposed when the picture is).
        int stored_h = blocks->transposes ? blocks->v[c] : blocks->h[c];
        int stored_v = blocks->transposes ? blocks->h[c] : blocks->v[c];
        int row = my * stored_v + blocks->block_y[n], column = mx * stored_h + blocks->block_x[n];
        int px = blocks->transposes ? row : column, py = blocks->transposes ? column : row;
        int x = blocks->flips_x ? blocks->blocks_wide[c] - 1 - px : px;
        int y = blocks->flips_y ? blocks->blocks_high[c] - 1 - py : py;
        if (meme_block_decode_turned(&blocks->coded, &position, blocks->rows[c][y][x], &dc[c], blocks->block_dc[n],
                                     blocks->block_ac[n], blocks->turned_order, blocks->turned_negates)) {
          problem = "the photo has damaged data";
          break;
        }
      }
    }
  }
  if (problem) {
    publish(blocks, 0, 2);
    return unsuitable(reason, reason_size, problem);
  }
  publish(blocks, blocks->blocks_high[0] / blocks->v[0], 1);
  return MEME_BLOCKS_OK;
}

// Decodes MCU rows [first, end) (already read) for the captions, where not done yet. Two threads
// may need one row (the context row between two captions): the second waits for the first.
static void decode_coded_rows(meme_jpeg_blocks *blocks, int first, int end) {
  if (!blocks->copies_coded) return;
  for (int row = first; row < end; row++) {
    pthread_mutex_lock(&blocks->lock);
    int claimed = blocks->row_claimed[row];
    // A row is installed soon after it is claimed (decoding a row walked before cannot fail).
    while (claimed && !blocks->row_blocks[row]) pthread_cond_wait(&blocks->changed, &blocks->lock);
    blocks->row_claimed[row] = 1;
    uint64_t position = blocks->row_starts[row];
    int dc[MAX_COMPONENTS];
    memcpy(dc, blocks->row_predictors[row], sizeof dc);
    pthread_mutex_unlock(&blocks->lock);
    if (claimed) continue;
    // Walked once already when it was read: it decodes.
    decode_coded_row(blocks, &position, dc, coded_row_place(blocks, row));
    install_coded_row(blocks, row);
  }
}

static void free_coded(meme_jpeg_blocks *blocks) {
  meme_coded_bits_free(&blocks->coded);
  free(blocks->row_blocks);
  free(blocks->row_arena);
  free(blocks->row_claimed);
  free(blocks->row_starts);
  free(blocks->row_predictors);
  free(blocks->row_changed);
  if (blocks->row_coded) {
    for (int row = 0; row < blocks->mcu_rows; row++) meme_coded_bits_free(&blocks->row_coded[row].bits);
  }
  free(blocks->row_coded);
}

// MARK: Opening

static meme_blocks_status unsuitable(char *reason, size_t size, const char *text) {
  set_reason(reason, size, text);
  return MEME_BLOCKS_UNSUITABLE;
}

// Whether the header describes a picture the block path can carry; sets `reason` when not.
static int check_source(struct jpeg_decompress_struct *source, char *reason, size_t size) {
  if (source->arith_code) {
    set_reason(reason, size, "the photo is arithmetic-coded");
    return 0;
  }
  if (source->data_precision != 8) {
    set_reason(reason, size, "the photo has more than 8 bits per sample");
    return 0;
  }
  // Coding the caption rows again divides by each quantiser (a damaged table may hold a zero).
  for (int c = 0; c < source->num_components; c++) {
    int number = source->comp_info[c].quant_tbl_no;
    const JQUANT_TBL *table = number >= 0 && number < NUM_QUANT_TBLS ? source->quant_tbl_ptrs[number] : NULL;
    for (int k = 0; table && k < DCTSIZE2; k++) {
      if (!table->quantval[k]) table = NULL;
    }
    if (!table) {
      set_reason(reason, size, "the photo's quantisation tables are damaged");
      return 0;
    }
  }
  switch (source->jpeg_color_space) {
  case JCS_YCbCr:
  case JCS_GRAYSCALE:
  case JCS_RGB:
    return 1;
  case JCS_CMYK:
  case JCS_YCCK:
    set_reason(reason, size, "the photo is CMYK, which captions are not drawn in");
    return 0;
  default:
    set_reason(reason, size, "the photo's colour space is not one captions can be drawn in");
    return 0;
  }
}

meme_blocks_status meme_jpeg_blocks_open(const uint8_t *data, size_t size, int orientation,
                                         meme_blocks_stop stop, void *stop_context,
                                         meme_jpeg_blocks **result, char *reason, size_t reason_size) {
  *result = NULL;
  meme_jpeg_blocks *blocks = calloc(1, sizeof *blocks);
  if (!blocks) return unsuitable(reason, reason_size, "not enough memory to read the photo's blocks");
  pthread_mutex_init(&blocks->lock, NULL);
  pthread_cond_init(&blocks->changed, NULL);
  start_error(&blocks->error, stop, stop_context);
  blocks->source.err = &blocks->error.pub;
  blocks->input_size = size;
  blocks->data = data;
  blocks->orientation = orientation;
  if (setjmp(blocks->error.jump)) {
    meme_blocks_status status = failed(&blocks->error, reason, reason_size);
    meme_jpeg_blocks_free(blocks);
    return status;
  }
  jpeg_create_decompress(&blocks->source);
  // The hook also hands rows over while meme_jpeg_blocks_read runs.
  blocks->error.progress.progress_monitor = reading_progress;
  blocks->source.progress = &blocks->error.progress;
  blocks->source.client_data = blocks;
  jpeg_mem_src(&blocks->source, data, (unsigned long)size);
  jpeg_save_markers(&blocks->source, JPEG_APP0 + 2, 0xFFFF);
  jpeg_read_header(&blocks->source, TRUE);
  blocks->header.err = &blocks->error.pub;
  jpeg_create_decompress(&blocks->header);
  blocks->has_header = 1;
  jpeg_mem_src(&blocks->header, data, (unsigned long)size);
  jpeg_read_header(&blocks->header, TRUE);
  struct jpeg_decompress_struct *source = &blocks->source;
  if (!check_source(source, reason, reason_size)) {
    meme_jpeg_blocks_free(blocks);
    return MEME_BLOCKS_UNSUITABLE;
  }

  decompose(orientation, &blocks->transposes, &blocks->flips_x, &blocks->flips_y);
  blocks->components = source->num_components;
  blocks->max_h = blocks->transposes ? source->max_v_samp_factor : source->max_h_samp_factor;
  blocks->max_v = blocks->transposes ? source->max_h_samp_factor : source->max_v_samp_factor;
  blocks->width = (int)(blocks->transposes ? source->image_height : source->image_width);
  blocks->height = (int)(blocks->transposes ? source->image_width : source->image_height);
  int mcu_width = DCTSIZE * blocks->max_h, mcu_height = DCTSIZE * blocks->max_v;
  // A mirrored axis must hold whole MCUs: otherwise the partial MCU at the far edge would become
  // the first, and every block would straddle two of the output's.
  if ((blocks->flips_x && blocks->width % mcu_width) || (blocks->flips_y && blocks->height % mcu_height)) {
    char text[200];
    int across = blocks->flips_x && blocks->width % mcu_width;
    snprintf(text, sizeof text,
             "turning the photo upright would shift every block: its upright %s of %d pixels is not a "
             "whole number of %d-pixel MCUs",
             across ? "width" : "height", across ? blocks->width : blocks->height,
             across ? mcu_width : mcu_height);
    meme_jpeg_blocks_free(blocks);
    return unsuitable(reason, reason_size, text);
  }
  int mcus_wide = (blocks->width + mcu_width - 1) / mcu_width;
  int mcus_high = (blocks->height + mcu_height - 1) / mcu_height;
  for (int c = 0; c < blocks->components; c++) {
    jpeg_component_info *stored = &source->comp_info[c];
    blocks->h[c] = blocks->transposes ? stored->v_samp_factor : stored->h_samp_factor;
    blocks->v[c] = blocks->transposes ? stored->h_samp_factor : stored->v_samp_factor;
    blocks->blocks_wide[c] = mcus_wide * blocks->h[c];
    blocks->blocks_high[c] = mcus_high * blocks->v[c];
    blocks->rows[c] = calloc((size_t)blocks->blocks_high[c], sizeof(JBLOCKROW));
    if (!blocks->rows[c]) ERREXIT1(source, JERR_OUT_OF_MEMORY, 15);
    if (orientation > 1) {
      if (!blocks->has_holder) {
        blocks->holder.err = &blocks->error.pub;
        jpeg_create_compress(&blocks->holder);
        blocks->has_holder = 1;
      }
      blocks->arrays[c] = request_array(blocks, (j_common_ptr)&blocks->holder, c, blocks->blocks_high[c]);
    }
  }
  if (!jpeg_read_icc_profile(source, &blocks->icc, &blocks->icc_size)) {
    blocks->icc = NULL;
    blocks->icc_size = 0;
  }
  blocks->copies_coded = prepare_coded_copy(blocks);
  blocks->decodes_turned = prepare_turned_decoding(blocks);
  *result = blocks;
  return MEME_BLOCKS_OK;
}

meme_blocks_status meme_jpeg_blocks_read(meme_jpeg_blocks *blocks, char *reason, size_t reason_size) {
  struct jpeg_decompress_struct *source = &blocks->source;
  if (setjmp(blocks->error.jump)) {
    publish(blocks, 0, 2);
    return failed(&blocks->error, reason, reason_size);
  }
  if (blocks->copies_coded || blocks->decodes_turned) {
    if (blocks->error.pub.num_warnings > 0) {
      publish(blocks, 0, 2);
      return unsuitable(reason, reason_size, "the photo has damaged data");
    }
    if (blocks->copies_coded) return read_coded(blocks, reason, reason_size);
    return read_turned(blocks, reason, reason_size);
  }
  jvirt_barray_ptr *stored = jpeg_read_coefficients(source);
  if (blocks->error.pub.num_warnings > 0) {
    publish(blocks, 0, 2);
    return unsuitable(reason, reason_size, "the photo has damaged data");
  }
  // The blocks are quantised with each component's table as it was at the component's first scan;
  // the output is written with the tables of the header (`header`). A photo that defines a table
  // again between scans would get the wrong one.
  for (int c = 0; c < blocks->components; c++) {
    const JQUANT_TBL *latched = source->comp_info[c].quant_table;
    int number = blocks->header.comp_info[c].quant_tbl_no;
    const JQUANT_TBL *written = blocks->header.quant_tbl_ptrs[number];
    if (!latched || !written || memcmp(latched->quantval, written->quantval, sizeof latched->quantval) != 0) {
      publish(blocks, 0, 2);
      return unsuitable(reason, reason_size, "the photo changes its quantisation tables between scans");
    }
  }
  int mcu_rows = blocks->blocks_high[0] / blocks->v[0];
  if (blocks->orientation > 1) {
    j_common_ptr holder = (j_common_ptr)&blocks->holder;
    (*holder->mem->realize_virt_arrays)(holder);
    for (int c = 0; c < blocks->components; c++) {
      fill_rows(holder, blocks->arrays[c], blocks->rows[c], 0, blocks->blocks_high[c]);
    }
    turn_blocks(blocks, stored);
    // The photo's blocks as stored are not needed again: freeing them (with everything else the
    // reading allocated) keeps the peak to one copy of the blocks once the captions are drawn. The
    // output is written from `header`, which this does not touch.
    jpeg_abort_decompress(source);
  } else {
    int from = blocks->rows_ready;
    for (int c = 0; c < blocks->components; c++) {
      blocks->arrays[c] = stored[c];
      fill_rows((j_common_ptr)source, stored[c], blocks->rows[c], from * blocks->v[c], blocks->blocks_high[c]);
    }
  }
  publish(blocks, mcu_rows, 1);
  return MEME_BLOCKS_OK;
}

void meme_jpeg_blocks_free(meme_jpeg_blocks *blocks) {
  if (!blocks) return;
  jpeg_destroy_decompress(&blocks->source);
  if (blocks->has_header) jpeg_destroy_decompress(&blocks->header);
  if (blocks->has_holder) jpeg_destroy_compress(&blocks->holder);
  free_coded(blocks);
  free(blocks->turned_blocks);
  free(blocks->band_arena);
  for (int c = 0; c < MAX_COMPONENTS; c++) {
    free(blocks->rows[c]);
    free(blocks->band_rows[c]);
  }
  pthread_mutex_destroy(&blocks->lock);
  pthread_cond_destroy(&blocks->changed);
  free(blocks->icc);
  free(blocks);
}

int meme_jpeg_blocks_width(const meme_jpeg_blocks *blocks) { return blocks->width; }
int meme_jpeg_blocks_height(const meme_jpeg_blocks *blocks) { return blocks->height; }
int meme_jpeg_blocks_mcu_width(const meme_jpeg_blocks *blocks) { return DCTSIZE * blocks->max_h; }
int meme_jpeg_blocks_mcu_height(const meme_jpeg_blocks *blocks) { return DCTSIZE * blocks->max_v; }
int meme_jpeg_blocks_keeps_code(const meme_jpeg_blocks *blocks) { return blocks->copies_coded; }
int meme_jpeg_blocks_is_grey(const meme_jpeg_blocks *blocks) {
  return blocks->header.jpeg_color_space == JCS_GRAYSCALE;
}

// Whether `pixels` and `original` differ anywhere in columns [left, right) of rows [top, bottom).
static int pixels_changed(const meme_jpeg_blocks *blocks, const uint8_t *pixels, const uint8_t *original,
                          int stride, int left, int right, int top, int bottom) {
  if (right > blocks->width) right = blocks->width;
  for (int y = top; y < bottom; y++) {
    size_t offset = (size_t)y * (size_t)stride + (size_t)left * 4;
    if (memcmp(pixels + offset, original + offset, (size_t)(right - left) * 4) != 0) return 1;
  }
  return 0;
}

// MARK: Blocks handed over in memory instead of entropy-coded

// The blocks of MCU number `index` of the current scan, in libjpeg's MCU order (per component of
// the scan, its blocks row by row), found in `rows` (per component, a pointer to each block row).
static void mcu_blocks(const jpeg_component_info *const *scan, int comps_in_scan, JDIMENSION mcus_per_row,
                       long index, JBLOCKROW *const *rows, JBLOCKROW *out) {
  long mcu_x = index % (long)mcus_per_row, mcu_y = index / (long)mcus_per_row;
  if (comps_in_scan == 1) {
    // A one-component scan is not interleaved: each MCU is one block.
    out[0] = rows[scan[0]->component_index][mcu_y] + mcu_x;
    return;
  }
  int n = 0;
  for (int ci = 0; ci < comps_in_scan; ci++) {
    const jpeg_component_info *comp = scan[ci];
    for (int y = 0; y < comp->MCU_height; y++) {
      JBLOCKROW row = rows[comp->component_index][mcu_y * comp->MCU_height + y];
      for (int x = 0; x < comp->MCU_width; x++) out[n++] = row + mcu_x * comp->MCU_width + x;
    }
  }
}

// An entropy encoder that entropy-codes nothing. Given caption rows, it puts each quantised MCU the
// compressor makes whose pixels the captions changed straight in place of the photo's (so caption
// rows become blocks without a Huffman round trip or a buffer of their own); given none, it just
// lets a header-only JPEG be written.
struct block_sink {
  struct jpeg_entropy_encoder pub;
  long next_mcu;
  // The photo, the caption rows' height, their pixels drawn on and as decoded, where their blocks
  // start in the photo's arrays, and how many MCUs were replaced.
  meme_jpeg_blocks *blocks;
  int rows, stride;
  const uint8_t *pixels, *original;
  // Set for rows of their own (the band above the photo): every MCU is taken, none compared.
  int takes_all;
  long replaced;
  // The MCU row the caption rows start at.
  int first_mcu_row;
  JBLOCKROW *targets[MAX_COMPONENTS];
};

static void block_sink_start(j_compress_ptr info, boolean gather_statistics) {
  (void)gather_statistics;
  ((struct block_sink *)info->entropy)->next_mcu = 0;
}

static boolean block_sink_take(j_compress_ptr info, JBLOCKROW *mcu) {
  struct block_sink *sink = (struct block_sink *)info->entropy;
  long index = sink->next_mcu++;
  if (!sink->blocks) return TRUE;
  const meme_jpeg_blocks *blocks = sink->blocks;
  if (info->comps_in_scan == 1) {
    // A grey picture's scan is not interleaved: each of its MCUs is one block of 8 × 8 pixels.
    JDIMENSION mcu_x = (JDIMENSION)(index % (long)info->MCUs_per_row);
    JDIMENSION mcu_y = (JDIMENSION)(index / (long)info->MCUs_per_row);
    int top = (int)mcu_y * DCTSIZE, bottom = top + DCTSIZE < sink->rows ? top + DCTSIZE : sink->rows;
    int left = (int)mcu_x * DCTSIZE;
    if (left >= blocks->width ||
        (!sink->takes_all &&
         !pixels_changed(blocks, sink->pixels, sink->original, sink->stride, left, left + DCTSIZE, top, bottom))) {
      return TRUE;
    }
    memcpy(sink->targets[0][mcu_y] + mcu_x, mcu[0], sizeof(JBLOCK));
    if (sink->blocks->row_changed && !sink->takes_all) {
      sink->blocks->row_changed[sink->first_mcu_row + (int)mcu_y] = 1;
    }
    sink->replaced++;
    return TRUE;
  }
  int mcu_height = DCTSIZE * blocks->max_v;
  int mcu_x = (int)(index % (long)info->MCUs_per_row), mcu_y = (int)(index / (long)info->MCUs_per_row);
  int top = mcu_y * mcu_height, bottom = top + mcu_height < sink->rows ? top + mcu_height : sink->rows;
  // Only MCUs whose pixels the captions changed take the new blocks; the rest keep the source's.
  int mcu_width = DCTSIZE * blocks->max_h;
  if (!sink->takes_all && !pixels_changed(blocks, sink->pixels, sink->original, sink->stride, mcu_x * mcu_width,
                                          (mcu_x + 1) * mcu_width, top, bottom)) {
    return TRUE;
  }
  JBLOCKROW targets[C_MAX_BLOCKS_IN_MCU];
  mcu_blocks((const jpeg_component_info *const *)info->cur_comp_info, info->comps_in_scan, info->MCUs_per_row,
             index, sink->targets, targets);
  for (int n = 0; n < info->blocks_in_MCU; n++) memcpy(targets[n], mcu[n], sizeof(JBLOCK));
  if (sink->blocks->row_changed && !sink->takes_all) sink->blocks->row_changed[sink->first_mcu_row + mcu_y] = 1;
  sink->replaced++;
  return TRUE;
}

static void block_sink_finish(j_compress_ptr info) { (void)info; }

// Puts `sink` (its caption-row fields set, or zero for a header-only JPEG) in place of the
// compressor's entropy encoder, after the compressor made its own.
static void install_block_sink(j_compress_ptr info, struct block_sink *sink) {
  sink->pub.start_pass = block_sink_start;
  sink->pub.encode_mcu = block_sink_take;
  sink->pub.finish_pass = block_sink_finish;
  sink->next_mcu = 0;
  info->entropy = &sink->pub;
}

// An entropy decoder that reads no data: it hands the decompressor the blocks of the photo's MCU
// rows from `first_mcu_row` on, each once it is read (waiting for it) and decoded from the coded
// data where the photo keeps its code, so rows decode straight from the coefficients while the
// rest of the photo is still being read.
struct block_source {
  struct jpeg_entropy_decoder pub;
  meme_jpeg_blocks *blocks;
  struct meme_error *error;
  int first_mcu_row;
  // The photo's MCU rows before this one are ready to be handed over.
  int ready_end;
  JBLOCKROW *rows[MAX_COMPONENTS];
  long next_mcu;
};

static void block_source_start(j_decompress_ptr info) {
  ((struct block_source *)info->entropy)->next_mcu = 0;
}

static boolean block_source_give(j_decompress_ptr info, JBLOCKROW *mcu) {
  struct block_source *source = (struct block_source *)info->entropy;
  long index = source->next_mcu++;
  // A one-component scan's MCU is one block, and its MCU rows are block rows.
  int block_row = (int)(index / (long)info->MCUs_per_row);
  int mcu_row = source->first_mcu_row +
                (info->comps_in_scan == 1 ? block_row / info->cur_comp_info[0]->v_samp_factor : block_row);
  if (mcu_row >= source->ready_end) {
    wait_for_rows(source->blocks, source->error, mcu_row + 1, 0);
    decode_coded_rows(source->blocks, mcu_row, mcu_row + 1);
    source->ready_end = mcu_row + 1;
  }
  JBLOCKROW blocks[D_MAX_BLOCKS_IN_MCU];
  mcu_blocks((const jpeg_component_info *const *)info->cur_comp_info, info->comps_in_scan, info->MCUs_per_row,
             index, source->rows, blocks);
  for (int n = 0; n < info->blocks_in_MCU; n++) memcpy(mcu[n], blocks[n], sizeof(JBLOCK));
  return TRUE;
}

// MARK: Rows to pixels and back

static int valid_rows(const meme_jpeg_blocks *blocks, int first_row, int end_row) {
  int mcu_height = DCTSIZE * blocks->max_v;
  return first_row >= 0 && first_row < end_row && end_row <= blocks->height && first_row % mcu_height == 0 &&
         (end_row % mcu_height == 0 || end_row == blocks->height);
}

// The temporary libjpeg objects of one call, released whether it succeeds or jumps back.
struct scratch {
  struct meme_error error;
  struct jpeg_compress_struct encoder;
  struct jpeg_decompress_struct decoder;
  struct memory_destination destination;
  int has_encoder, has_decoder;
  unsigned char *row;
  struct block_sink sink;
  struct block_source source;
};

static void scratch_release(struct scratch *scratch) {
  if (scratch->has_encoder) jpeg_destroy_compress(&scratch->encoder);
  if (scratch->has_decoder) jpeg_destroy_decompress(&scratch->decoder);
  free(scratch->destination.buffer);
  free(scratch->row);
  memset(scratch, 0, sizeof *scratch);
}

// The scratch of one call, its error handler ready (the caller still sets the jump with setjmp,
// which must run in the frame libjpeg jumps back to); NULL when there is no memory for it.
static struct scratch *scratch_new(meme_jpeg_blocks *blocks) {
  struct scratch *scratch = calloc(1, sizeof(struct scratch));
  // A stop asked of the whole export reaches the scratch coders too.
  if (scratch) start_error(&scratch->error, blocks->error.stop, blocks->error.stop_context);
  return scratch;
}

static void scratch_free(struct scratch *scratch) {
  scratch_release(scratch);
  free(scratch);
}

// What a call returns after libjpeg jumped back with an error: the reason written, the scratch freed.
static meme_blocks_status scratch_fail(struct scratch *scratch, char *reason, size_t reason_size) {
  meme_blocks_status status = failed(&scratch->error, reason, reason_size);
  scratch_free(scratch);
  return status;
}

// The scratch's encoder, created with the photo's upright geometry for `rows` rows.
static struct jpeg_compress_struct *scratch_start_encoder(struct scratch *scratch, meme_jpeg_blocks *blocks,
                                                          int rows) {
  struct jpeg_compress_struct *encoder = &scratch->encoder;
  encoder->err = &scratch->error.pub;
  jpeg_create_compress(encoder);
  watch((j_common_ptr)encoder, &scratch->error);
  scratch->has_encoder = 1;
  set_upright_parameters(blocks, encoder, rows);
  return encoder;
}

// A header-only JPEG's coefficient controller: it hands no blocks to the entropy coder, so no
// coefficient arrays are needed for the rows the header describes.
static void header_only_start(j_compress_ptr info, J_BUF_MODE mode) {
  (void)info;
  (void)mode;
}

static boolean header_only_compress(j_compress_ptr info, JSAMPIMAGE input) {
  (void)info;
  (void)input;
  return TRUE;
}

struct meme_jpeg_row_decoder {
  meme_jpeg_blocks *blocks;
  struct scratch *scratch;
  struct jpeg_c_coef_controller header_only;
  // The next row of the picture the decompressor gives, and the end of the rows asked for.
  int next_row, end_row;
  // The first row asked for (the rows before it are context, decoded and dropped).
  int first_row;
  // Set once a call failed: the decompressor is left mid-row and cannot go on.
  int failed;
};

meme_blocks_status meme_jpeg_blocks_start_decoding(meme_jpeg_blocks *blocks, int first_row, int end_row,
                                                   meme_jpeg_row_decoder **result, char *reason,
                                                   size_t reason_size) {
  *result = NULL;
  if (!valid_rows(blocks, first_row, end_row)) return unsuitable(reason, reason_size, "rows not on MCU bounds");
  meme_jpeg_row_decoder *row_decoder = calloc(1, sizeof *row_decoder);
  // Volatile: read after a longjmp back into this frame.
  struct scratch *volatile scratch = scratch_new(blocks);
  if (!row_decoder || !scratch) {
    free(row_decoder);
    free(scratch);
    return unsuitable(reason, reason_size, "not enough memory to decode the caption rows");
  }
  if (setjmp(scratch->error.jump)) {
    free(row_decoder);
    return scratch_fail(scratch, reason, reason_size);
  }
  // One MCU row of context on each side: chroma upsampling blends across MCU rows, and with the
  // neighbours present the rows in between decode exactly as in the whole picture.
  int mcu_height = DCTSIZE * blocks->max_v;
  int context_first = first_row >= mcu_height ? first_row - mcu_height : 0;
  int context_end = end_row + mcu_height < blocks->height ? end_row + mcu_height : blocks->height;

  // The header below is made from `header`'s tables, which the reading checks against those the
  // blocks were quantised with before it hands the first row over (a photo that changes them
  // between scans is refused).
  wait_for_rows(blocks, &scratch->error, 1, 0);
  // A JPEG of just those MCU rows with no entropy-coded data: its header gives the decompressor the
  // geometry, tables and sampling, and the blocks come straight from the coefficients.
  struct jpeg_compress_struct *encoder = scratch_start_encoder(scratch, blocks, context_end - context_first);
  if (!memory_destination_start(&scratch->destination, encoder, 4096)) ERREXIT1(encoder, JERR_OUT_OF_MEMORY, 11);
  jvirt_barray_ptr no_arrays[MAX_COMPONENTS] = {0};
  jpeg_write_coefficients(encoder, no_arrays);
  row_decoder->header_only.start_pass = header_only_start;
  row_decoder->header_only.compress_data = header_only_compress;
  encoder->coef = &row_decoder->header_only;
  install_block_sink(encoder, &scratch->sink);
  jpeg_finish_compress(encoder);

  struct jpeg_decompress_struct *decoder = &scratch->decoder;
  decoder->err = &scratch->error.pub;
  jpeg_create_decompress(decoder);
  watch((j_common_ptr)decoder, &scratch->error);
  scratch->has_decoder = 1;
  jpeg_mem_src(decoder, scratch->destination.buffer, (unsigned long)memory_destination_size(&scratch->destination));
  jpeg_read_header(decoder, TRUE);
  decoder->out_color_space = MEME_DECODED_SPACE;
  jpeg_start_decompress(decoder);
  struct block_source *source = &scratch->source;
  source->pub.start_pass = block_source_start;
  source->pub.decode_mcu = block_source_give;
  source->pub.insufficient_data = FALSE;
  source->blocks = blocks;
  source->error = &scratch->error;
  source->first_mcu_row = context_first / mcu_height;
  source->ready_end = source->first_mcu_row;
  for (int c = 0; c < blocks->components; c++) {
    source->rows[c] = blocks->rows[c] + source->first_mcu_row * blocks->v[c];
  }
  decoder->entropy = &source->pub;
  row_decoder->blocks = blocks;
  row_decoder->scratch = scratch;
  row_decoder->first_row = first_row;
  row_decoder->next_row = context_first;
  row_decoder->end_row = end_row;
  *result = row_decoder;
  return MEME_BLOCKS_OK;
}

meme_blocks_status meme_jpeg_row_decoder_read(meme_jpeg_row_decoder *row_decoder, int rows, uint8_t *pixels,
                                              int stride, char *reason, size_t reason_size) {
  if (row_decoder->failed) return unsuitable(reason, reason_size, "the caption rows could not be decoded");
  int start = row_decoder->next_row > row_decoder->first_row ? row_decoder->next_row : row_decoder->first_row;
  if (rows <= 0 || start + rows > row_decoder->end_row) {
    return unsuitable(reason, reason_size, "rows past those the decoding was started for");
  }
  struct scratch *scratch = row_decoder->scratch;
  if (setjmp(scratch->error.jump)) {
    row_decoder->failed = 1;
    return failed(&scratch->error, reason, reason_size);
  }
  struct jpeg_decompress_struct *decoder = &scratch->decoder;
  if (row_decoder->next_row < row_decoder->first_row) {
    scratch->row = malloc((size_t)row_decoder->blocks->width * 4);
    if (!scratch->row) ERREXIT1(decoder, JERR_OUT_OF_MEMORY, 12);
    // The context rows above the first row asked for.
    while (row_decoder->next_row < row_decoder->first_row) {
      JSAMPROW row = scratch->row;
      if (jpeg_read_scanlines(decoder, &row, 1) != 1) ERREXIT(decoder, JERR_CANT_SUSPEND);
      row_decoder->next_row++;
    }
  }
  // The rows the upsampler gives at once are asked for at once.
  for (int done = 0; done < rows;) {
    JSAMPROW row_pointers[16];
    int count = rows - done < 16 ? rows - done : 16;
    for (int i = 0; i < count; i++) row_pointers[i] = pixels + (size_t)(done + i) * (size_t)stride;
    int given = (int)jpeg_read_scanlines(decoder, row_pointers, (JDIMENSION)count);
    // The blocks are in memory: the decompressor never suspends for want of data.
    if (given <= 0) ERREXIT(decoder, JERR_CANT_SUSPEND);
    done += given;
    row_decoder->next_row += given;
  }
  return MEME_BLOCKS_OK;
}

void meme_jpeg_row_decoder_free(meme_jpeg_row_decoder *row_decoder) {
  if (!row_decoder) return;
  scratch_free(row_decoder->scratch);
  free(row_decoder);
}

// Codes the changed rows among MCU rows [first, end), just replaced and still held, with the photo's
// tables, so writing only copies their bits: the coding is spread over the threads that redraw the
// captions instead of left to the one that writes, after them. Each row is coded from the DC
// predictors the row above ends on in the meme (coded ahead just before, or the photo's). A row
// that cannot be coded here (no memory, a block the tables cannot code) is left to the writing.
static void code_rows_ahead(meme_jpeg_blocks *blocks, int first, int end) {
  for (int row = first; row < end; row++) {
    if (!blocks->row_changed[row]) continue;
    struct coded_row *coded = &blocks->row_coded[row];
    const struct coded_row *above = row > 0 && blocks->row_changed[row - 1] ? &blocks->row_coded[row - 1] : NULL;
    if (above && !above->bits.bytes) continue;
    memcpy(coded->start_dc, above ? above->end_dc : blocks->row_predictors[row], sizeof coded->start_dc);
    int dc[MAX_COMPONENTS];
    memcpy(dc, coded->start_dc, sizeof dc);
    struct meme_bit_writer writer;
    // About as many bits as the photo's row: captions change little of a row's size.
    size_t photo_bytes = (size_t)((blocks->row_starts[row + 1] - blocks->row_starts[row]) / 8);
    meme_bits_start_raw(&writer, &coded->bits, photo_bytes + photo_bytes / 4);
    int failed = 0;
    JBLOCK *decoded = blocks->row_blocks[row];
    for (int x = 0; !failed && x < blocks->mcus_wide; x++) {
      for (int n = 0; !failed && n < blocks->blocks_in_mcu; n++) {
        failed = meme_block_encode(&writer, coded_block(blocks, decoded, x, n), &dc[blocks->block_component[n]],
                                   blocks->block_dc[n], blocks->block_ac[n]);
      }
    }
    if (meme_bits_end_raw(&writer) || failed) {
      meme_coded_bits_free(&coded->bits);
      continue;
    }
    memcpy(coded->end_dc, dc, sizeof dc);
  }
}

// Encodes `rows` rows of `pixels` as a JPEG of their own with the source's tables and sampling,
// its quantised blocks handed to the scratch's block sink (whose targets, and what it compares
// with, the caller set) instead of being coded. The header goes to memory and is dropped.
static void encode_into_sink(struct scratch *scratch, meme_jpeg_blocks *blocks, int rows, const uint8_t *pixels,
                             int stride) {
  struct jpeg_compress_struct *encoder = scratch_start_encoder(scratch, blocks, rows);
  encoder->in_color_space = MEME_ENCODED_SPACE;
  encoder->input_components = 4;
  if (!memory_destination_start(&scratch->destination, encoder, 4096)) ERREXIT1(encoder, JERR_OUT_OF_MEMORY, 13);
  jpeg_start_compress(encoder, TRUE);
  struct block_sink *sink = &scratch->sink;
  sink->blocks = blocks;
  sink->rows = rows;
  sink->stride = stride;
  sink->pixels = pixels;
  install_block_sink(encoder, sink);
  while (encoder->next_scanline < encoder->image_height) {
    // libjpeg takes non-const rows but only reads them.
    JSAMPROW row = (JSAMPROW)(pixels + (size_t)encoder->next_scanline * (size_t)stride);
    jpeg_write_scanlines(encoder, &row, 1);
  }
  jpeg_finish_compress(encoder);
}

meme_blocks_status meme_jpeg_blocks_replace_rows(meme_jpeg_blocks *blocks, int first_row, int end_row,
                                                 const uint8_t *pixels, const uint8_t *original, int stride,
                                                 long *replaced, char *reason, size_t reason_size) {
  *replaced = 0;
  if (!valid_rows(blocks, first_row, end_row)) return unsuitable(reason, reason_size, "rows not on MCU bounds");
  struct scratch *volatile scratch = scratch_new(blocks);
  if (!scratch) return unsuitable(reason, reason_size, "not enough memory to encode the caption rows");
  if (setjmp(scratch->error.jump)) return scratch_fail(scratch, reason, reason_size);
  // The rows, encoded as a JPEG of their own with the source's tables and sampling: its MCUs fall on
  // the source's (the rows start on an MCU row), and libjpeg's downsampling never looks across an
  // MCU, so its blocks are what encoding the whole picture would give there.
  int mcu_height = DCTSIZE * blocks->max_v;
  wait_for_rows(blocks, &scratch->error, (end_row + mcu_height - 1) / mcu_height, 0);
  decode_coded_rows(blocks, first_row / mcu_height, (end_row + mcu_height - 1) / mcu_height);
  struct block_sink *sink = &scratch->sink;
  sink->original = original;
  int first_mcu_row = first_row / mcu_height;
  sink->first_mcu_row = first_mcu_row;
  for (int c = 0; c < blocks->components; c++) {
    sink->targets[c] = blocks->rows[c] + first_mcu_row * blocks->v[c];
  }
  encode_into_sink(scratch, blocks, end_row - first_row, pixels, stride);
  *replaced = sink->replaced;
  if (blocks->copies_coded) code_rows_ahead(blocks, first_mcu_row, (end_row + mcu_height - 1) / mcu_height);
  scratch_free(scratch);
  return MEME_BLOCKS_OK;
}

meme_blocks_status meme_jpeg_blocks_set_band(meme_jpeg_blocks *blocks, int band_rows, const uint8_t *pixels,
                                             int stride, long *mcus, char *reason, size_t reason_size) {
  *mcus = 0;
  int mcu_height = DCTSIZE * blocks->max_v;
  if (band_rows <= 0 || band_rows % mcu_height != 0 || blocks->band_mcu_rows) {
    return unsuitable(reason, reason_size, "the band is not whole MCU rows");
  }
  int mcu_rows = band_rows / mcu_height;
  // Each MCU row laid out as a decoded MCU row (see coded_block), so the coded writer codes it as one.
  size_t offsets[MAX_COMPONENTS], row_size = 0;
  for (int c = 0; c < blocks->components; c++) {
    offsets[c] = row_size;
    row_size += (size_t)blocks->v[c] * (size_t)blocks->blocks_wide[c];
  }
  blocks->band_arena = calloc((size_t)mcu_rows * row_size, sizeof(JBLOCK));
  if (!blocks->band_arena) return unsuitable(reason, reason_size, "not enough memory for the band");
  for (int c = 0; c < blocks->components; c++) {
    blocks->band_rows[c] = malloc(sizeof(JBLOCKROW) * (size_t)mcu_rows * (size_t)blocks->v[c]);
    if (!blocks->band_rows[c]) return unsuitable(reason, reason_size, "not enough memory for the band");
    for (int m = 0; m < mcu_rows; m++) {
      for (int y = 0; y < blocks->v[c]; y++) {
        blocks->band_rows[c][m * blocks->v[c] + y] = blocks->band_arena + (size_t)m * row_size + offsets[c] +
                                                     (size_t)y * (size_t)blocks->blocks_wide[c];
      }
    }
  }
  struct scratch *volatile scratch = scratch_new(blocks);
  if (!scratch) return unsuitable(reason, reason_size, "not enough memory to encode the band");
  if (setjmp(scratch->error.jump)) return scratch_fail(scratch, reason, reason_size);
  // The header's tables are the blocks' once the first row is handed over (see the writing).
  wait_for_rows(blocks, &scratch->error, 1, 0);
  // Encoded as caption rows are, every MCU taken, its blocks going straight to the band's place.
  struct block_sink *sink = &scratch->sink;
  sink->takes_all = 1;
  for (int c = 0; c < blocks->components; c++) sink->targets[c] = blocks->band_rows[c];
  encode_into_sink(scratch, blocks, band_rows, pixels, stride);
  *mcus = (long)mcu_rows * (long)scratch->encoder.MCUs_per_row;
  blocks->band_mcu_rows = mcu_rows;
  scratch_free(scratch);
  return MEME_BLOCKS_OK;
}

// MARK: Writing

// Feeds the entropy coder each MCU row's blocks once the row is final (read, and not held for
// redrawing), so the top of the meme is written while the rest is still read or redrawn. Otherwise
// as libjpeg's transcoding coefficient controller, dummy blocks at the right and bottom edges
// included (zero, with the DC of the block before), but from the row pointers, since libjpeg's
// own access to the arrays may only be made by the thread reading them.
struct row_writer {
  struct jpeg_c_coef_controller pub;
  meme_jpeg_blocks *blocks;
  struct meme_error *error;
  JDIMENSION row;
  JBLOCK dummy[C_MAX_BLOCKS_IN_MCU];
};

static void row_writer_start(j_compress_ptr info, J_BUF_MODE mode) {
  (void)mode;
  ((struct row_writer *)info->coef)->row = 0;
}

static boolean row_writer_write(j_compress_ptr info, JSAMPIMAGE input) {
  (void)input;
  struct row_writer *writer = (struct row_writer *)info->coef;
  JDIMENSION row = writer->row, last_column = info->MCUs_per_row - 1, last_row = info->total_iMCU_rows - 1;
  // The band's MCU rows come first; the photo's follow, as many MCU rows further down.
  JDIMENSION band = (JDIMENSION)writer->blocks->band_mcu_rows;
  if (row >= band) wait_for_rows(writer->blocks, writer->error, (int)(row - band) + 1, 1);
  // An interleaved scan's MCU row is the iMCU row; a one-component scan has v_samp_factor of them
  // (fewer in the last).
  const jpeg_component_info *first = info->cur_comp_info[0];
  int mcu_rows = info->comps_in_scan > 1 ? 1 : row < last_row ? first->v_samp_factor : first->last_row_height;
  JBLOCKROW mcu[C_MAX_BLOCKS_IN_MCU];
  for (int y = 0; y < mcu_rows; y++) {
    for (JDIMENSION column = 0; column <= last_column; column++) {
      int n = 0;
      for (int ci = 0; ci < info->comps_in_scan; ci++) {
        const jpeg_component_info *comp = info->cur_comp_info[ci];
        int real = column < last_column ? comp->MCU_width : comp->last_col_width;
        JBLOCKROW *rows = row < band ? writer->blocks->band_rows[comp->component_index] +
                                           row * (JDIMENSION)comp->v_samp_factor
                                     : writer->blocks->rows[comp->component_index] +
                                           (row - band) * (JDIMENSION)comp->v_samp_factor;
        for (int by = 0; by < comp->MCU_height; by++) {
          int dummies = comp->MCU_width;
          if (row < last_row || y + by < comp->last_row_height) {
            JBLOCKROW blocks = rows[y + by] + column * (JDIMENSION)comp->MCU_width;
            for (int bx = 0; bx < real; bx++) mcu[n++] = blocks + bx;
            dummies = comp->MCU_width - real;
          }
          for (int bx = 0; bx < dummies; bx++, n++) {
            writer->dummy[n][0] = mcu[n - 1][0][0];
            mcu[n] = &writer->dummy[n];
          }
        }
      }
      if (!(*info->entropy->encode_mcu)(info, mcu)) ERREXIT(info, JERR_CANT_SUSPEND);
    }
  }
  writer->row++;
  return TRUE;
}

static int same_table(const JHUFF_TBL *a, const JHUFF_TBL *b) {
  if (!a || !b) return a == b;
  int count = 0;
  for (int i = 1; i <= 16; i++) count += a->bits[i];
  return memcmp(a->bits, b->bits, sizeof a->bits) == 0 && count <= 256 &&
         memcmp(a->huffval, b->huffval, (size_t)count) == 0;
}

// Whether the source was coded with the standard Huffman tables that `defaults` (after
// jpeg_set_defaults) holds. Files coded with tables made for them stay as small by optimising ours.
static int uses_standard_tables(const struct jpeg_decompress_struct *source, const struct jpeg_compress_struct *defaults) {
  for (int i = 0; i < NUM_HUFF_TBLS; i++) {
    const JHUFF_TBL *dc = source->dc_huff_tbl_ptrs[i], *ac = source->ac_huff_tbl_ptrs[i];
    if (i >= 2 ? (dc || ac) : ((dc && !same_table(dc, defaults->dc_huff_tbl_ptrs[i])) ||
                               (ac && !same_table(ac, defaults->ac_huff_tbl_ptrs[i])))) {
      return 0;
    }
  }
  return 1;
}

// For a photo that keeps its coded bits, writes each MCU row's bits once the row is final: rows
// in which a caption changed an MCU are coded again with the photo's tables, every other row's bits
// are copied. A copied row's first MCU is coded again when the row before it ends on other DC
// values than in the photo (its first DC differences are against those).
struct coded_writer {
  struct jpeg_c_coef_controller pub;
  // Takes the place of libjpeg's entropy coder, to pad the last byte when the scan ends.
  struct jpeg_entropy_encoder entropy;
  meme_jpeg_blocks *blocks;
  struct meme_error *error;
  JDIMENSION row;
  struct meme_bit_writer bits;
  // Each component's last DC written.
  int dc[MAX_COMPONENTS];
  JBLOCK first[C_MAX_BLOCKS_IN_MCU];
};

static void coded_writer_start(j_compress_ptr info, J_BUF_MODE mode) {
  (void)mode;
  ((struct coded_writer *)info->coef)->row = 0;
}

static void coded_entropy_start(j_compress_ptr info, boolean gather_statistics) {
  (void)info;
  (void)gather_statistics;
}

static boolean coded_entropy_encode(j_compress_ptr info, JBLOCKROW *mcu) {
  (void)info;
  (void)mcu;
  return TRUE;
}

static void coded_entropy_finish(j_compress_ptr info) {
  meme_bits_finish(&((struct coded_writer *)info->coef)->bits);
}

// Codes MCUs [0, count) of `blocks` (as `coded_block` finds them), or `count` MCUs laid out one
// after another when `row` is NULL and `mcu` holds them.
static void code_mcus(j_compress_ptr info, struct coded_writer *writer, JBLOCK *row, int count) {
  const meme_jpeg_blocks *blocks = writer->blocks;
  for (int x = 0; x < count; x++) {
    for (int n = 0; n < blocks->blocks_in_mcu; n++) {
      const JCOEF *block = row ? coded_block(blocks, row, x, n) : writer->first[n];
      if (meme_block_encode(&writer->bits, block, &writer->dc[blocks->block_component[n]], blocks->block_dc[n],
                            blocks->block_ac[n])) {
        ERREXIT(info, JERR_BAD_DCT_COEF);
      }
    }
  }
}

static boolean coded_writer_write(j_compress_ptr info, JSAMPIMAGE input) {
  (void)input;
  struct coded_writer *writer = (struct coded_writer *)info->coef;
  meme_jpeg_blocks *blocks = writer->blocks;
  writer->bits.info = info;
  if ((int)writer->row < blocks->band_mcu_rows) {
    // The band's MCU rows, coded with the photo's tables before the photo's first row.
    code_mcus(info, writer, blocks->band_arena + (size_t)writer->row * coded_row_size(blocks) / sizeof(JBLOCK),
              blocks->mcus_wide);
    writer->row++;
    return TRUE;
  }
  // The photo's rows, as many MCU rows further down.
  int row = (int)writer->row - blocks->band_mcu_rows;
  wait_for_rows(blocks, writer->error, row + 1, 1);
  pthread_mutex_lock(&blocks->lock);
  JBLOCK *decoded = blocks->row_changed[row] ? blocks->row_blocks[row] : NULL;
  uint64_t start = blocks->row_starts[row], end = blocks->row_starts[row + 1];
  int dc[MAX_COMPONENTS], next_dc[MAX_COMPONENTS];
  memcpy(dc, blocks->row_predictors[row], sizeof dc);
  memcpy(next_dc, blocks->row_predictors[row + 1], sizeof next_dc);
  pthread_mutex_unlock(&blocks->lock);
  const struct coded_row *ahead = decoded ? &blocks->row_coded[row] : NULL;
  if (ahead && ahead->bits.bytes && memcmp(ahead->start_dc, writer->dc, sizeof writer->dc) == 0) {
    meme_bits_copy(&writer->bits, &ahead->bits, 0, ahead->bits.count);
    memcpy(writer->dc, ahead->end_dc, sizeof writer->dc);
  } else if (decoded) {
    code_mcus(info, writer, decoded, blocks->mcus_wide);
  } else {
    if (memcmp(dc, writer->dc, sizeof dc) != 0) {
      for (int n = 0; n < blocks->blocks_in_mcu; n++) {
        meme_block_decode(&blocks->coded, &start, writer->first[n], &dc[blocks->block_component[n]],
                          blocks->block_dc[n], blocks->block_ac[n]);
      }
      code_mcus(info, writer, NULL, 1);
    }
    meme_bits_copy(&writer->bits, &blocks->coded, start, end);
    memcpy(writer->dc, next_dc, sizeof next_dc);
  }
  writer->row++;
  return TRUE;
}

// Puts a coded writer in place of the encoder's coefficient controller and entropy coder.
static void install_coded_writer(j_compress_ptr encoder, meme_jpeg_blocks *blocks, struct meme_error *error) {
  struct coded_writer *writer = (struct coded_writer *)(*encoder->mem->alloc_large)(
      (j_common_ptr)encoder, JPOOL_IMAGE, sizeof(struct coded_writer));
  memset(writer, 0, sizeof *writer);
  writer->pub.start_pass = coded_writer_start;
  writer->pub.compress_data = coded_writer_write;
  writer->entropy.start_pass = coded_entropy_start;
  writer->entropy.encode_mcu = coded_entropy_encode;
  writer->entropy.finish_pass = coded_entropy_finish;
  writer->blocks = blocks;
  writer->error = error;
  writer->bits.info = encoder;
  encoder->coef = &writer->pub;
  encoder->entropy = &writer->entropy;
}

// The photo's Huffman tables and each component's choice of them, for a meme that keeps its bits.
static void use_source_tables(j_compress_ptr encoder, const struct jpeg_decompress_struct *source) {
  encoder->optimize_coding = FALSE;
  for (int i = 0; i < NUM_HUFF_TBLS; i++) {
    const JHUFF_TBL *from[2] = {source->dc_huff_tbl_ptrs[i], source->ac_huff_tbl_ptrs[i]};
    JHUFF_TBL **to[2] = {&encoder->dc_huff_tbl_ptrs[i], &encoder->ac_huff_tbl_ptrs[i]};
    for (int k = 0; k < 2; k++) {
      if (!from[k]) continue;
      if (!*to[k]) *to[k] = jpeg_alloc_huff_table((j_common_ptr)encoder);
      memcpy((*to[k])->bits, from[k]->bits, sizeof from[k]->bits);
      memcpy((*to[k])->huffval, from[k]->huffval, sizeof from[k]->huffval);
      (*to[k])->sent_table = FALSE;
    }
  }
  for (int c = 0; c < source->num_components; c++) {
    encoder->comp_info[c].dc_tbl_no = source->comp_info[c].dc_tbl_no;
    encoder->comp_info[c].ac_tbl_no = source->comp_info[c].ac_tbl_no;
  }
}

meme_blocks_status meme_jpeg_blocks_write(meme_jpeg_blocks *blocks, const uint8_t *xmp, size_t xmp_size,
                                          unsigned char **output, unsigned long *size, char *reason,
                                          size_t reason_size) {
  *output = NULL;
  *size = 0;
  struct scratch *volatile scratch = scratch_new(blocks);
  if (!scratch) return unsuitable(reason, reason_size, "not enough memory to write the meme");
  if (setjmp(scratch->error.jump)) return scratch_fail(scratch, reason, reason_size);
  // The header's tables are known to be the blocks' once the first row is handed over (a photo in
  // several scans, which may define tables between them, hands its rows over only once read whole
  // and checked).
  wait_for_rows(blocks, &scratch->error, 1, 0);
  struct jpeg_compress_struct *encoder =
      scratch_start_encoder(scratch, blocks, blocks->height + blocks->band_mcu_rows * DCTSIZE * blocks->max_v);
  // Never `source`, which the reading thread may still be changing.
  struct jpeg_decompress_struct *source = &blocks->header;
  encoder->restart_interval = source->restart_interval;
  if (blocks->copies_coded) {
    use_source_tables(encoder, source);
  } else if (source->progressive_mode) {
    jpeg_simple_progression(encoder);
  } else {
    encoder->optimize_coding = !uses_standard_tables(source, encoder);
  }
  // A little more than the source: the meme is about its size, and growing copies the buffer.
  if (!memory_destination_start(&scratch->destination, encoder, blocks->input_size + blocks->input_size / 8)) {
    ERREXIT1(encoder, JERR_OUT_OF_MEMORY, 14);
  }
  // libjpeg keeps the arrays but never reaches them: the row writer takes its place.
  jpeg_write_coefficients(encoder, blocks->arrays);
  if (blocks->copies_coded) {
    install_coded_writer(encoder, blocks, &scratch->error);
  } else {
    struct row_writer *writer = (struct row_writer *)(*encoder->mem->alloc_small)(
        (j_common_ptr)encoder, JPOOL_IMAGE, sizeof(struct row_writer));
    memset(writer, 0, sizeof *writer);
    writer->pub.start_pass = row_writer_start;
    writer->pub.compress_data = row_writer_write;
    writer->blocks = blocks;
    writer->error = &scratch->error;
    encoder->coef = &writer->pub;
  }
  if (blocks->icc) jpeg_write_icc_profile(encoder, blocks->icc, blocks->icc_size);
  // The meme's description, the one piece of metadata MemeMe writes (the photo's EXIF, XMP and IPTC
  // were never read: only its ICC profile is saved from the source's markers).
  if (xmp && xmp_size > 0 && xmp_size <= 65533) jpeg_write_marker(encoder, JPEG_APP0 + 1, xmp, (unsigned int)xmp_size);
  jpeg_finish_compress(encoder);
  *output = scratch->destination.buffer;
  *size = (unsigned long)memory_destination_size(&scratch->destination);
  scratch->destination.buffer = NULL;
  scratch_free(scratch);
  return MEME_BLOCKS_OK;
}
