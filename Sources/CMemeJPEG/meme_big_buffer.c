// SPDX-License-Identifier: GPL-3.0-or-later
#include "meme_big_buffer.h"

#include <stdlib.h>
#include <sys/mman.h>

// The size of a transparent huge page on x86-64 and on arm64 with 4 KiB pages. Elsewhere the
// advice covers other pages than it might, which costs nothing but the gain.
#define HUGE_PAGE ((size_t)2 << 20)

void *meme_big_buffer(size_t size) {
  if (size < HUGE_PAGE) return malloc(size ? size : 1);
  void *buffer = NULL;
  if (posix_memalign(&buffer, HUGE_PAGE, size) != 0) return NULL;
#ifdef MADV_HUGEPAGE
  // Only advice: with transparent huge pages off (or not allowed here) it fails, and the buffer
  // takes small pages as any other. Only whole huge pages within the buffer are advised: the pages
  // around it may belong to other allocations.
  (void)madvise(buffer, size / HUGE_PAGE * HUGE_PAGE, MADV_HUGEPAGE);
#endif
  return buffer;
}
