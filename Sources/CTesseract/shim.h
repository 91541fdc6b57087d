// SPDX-License-Identifier: GPL-3.0-or-later
// Tesseract's C API, which reads the words in a picture (MemeTextReading), and what its reading
// thread needs from the system.
#ifndef MEMEME_CTESSERACT_SHIM_H
#define MEMEME_CTESSERACT_SHIM_H

#include <sys/resource.h>
#include <sys/types.h>
#include <tesseract/capi.h>

// glibc's (2.30 and later), which its headers declare only under _GNU_SOURCE; defining that here
// would give these system headers other definitions than every other module sees.
extern pid_t gettid(void);

// libgomp's, which libtesseract is built with: Tesseract's OpenMP loops would otherwise take every
// core (and spin on them between loops) while the app reads pictures in the background. Declared
// here because omp.h sits in GCC's own include folder, which clang does not search; the library is
// linked through libtesseract.
extern void omp_set_num_threads(int count);

/// Gives the calling thread the niceness `niceness` (19 is the lowest priority): on Linux a nice value
/// belongs to a thread, so the app's other threads keep theirs. Reading pictures in the background
/// must never take a core the interface wants. Returns 0, or -1 with errno set.
static inline int meme_set_thread_niceness(int niceness) {
  return setpriority(PRIO_PROCESS, (id_t)gettid(), niceness);
}

#endif
