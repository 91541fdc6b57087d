// SPDX-License-Identifier: GPL-3.0-or-later
// Memory for buffers of megabytes that are filled soon after they are allocated (a caption's rows
// of a photo, its blocks): advised to the kernel for transparent huge pages, so filling them takes
// one page fault per 2 MiB instead of one per 4 KiB.
#ifndef MEMEME_BIG_BUFFER_H
#define MEMEME_BIG_BUFFER_H

#include <stddef.h>
#include <stdint.h>

// `size` bytes (not cleared), to be freed with free(); NULL without memory.
void *meme_big_buffer(size_t size);

// The same, typed as bytes: pixels to be written (Swift then needs no pointer conversion).
static inline uint8_t *meme_big_bytes(size_t size) { return (uint8_t *)meme_big_buffer(size); }

#endif
