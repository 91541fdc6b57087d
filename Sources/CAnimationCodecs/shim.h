// SPDX-License-Identifier: GPL-3.0-or-later
// The C libraries animated pictures are read and written with: giflib (GIF frames, LZW coding),
// libimagequant (a palette for each GIF frame, dithered) and libwebp's animation decoder, encoder
// and muxer. No GTK and no Cairo here; the frame-by-frame work over them is CMemeAnimation's.
#ifndef MEMEME_CANIMATIONCODECS_SHIM_H
#define MEMEME_CANIMATIONCODECS_SHIM_H

#include <gif_lib.h>
#include <libimagequant.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

#endif
