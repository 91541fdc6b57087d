#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs test suites under AddressSanitizer and ThreadSanitizer, each build in its own scratch folder
# (.build-asan, .build-tsan). AddressSanitizer: the engine, store, command-line and fuzz regression
# suites; the command-line tests run the sanitized mememe binary, so a report in it fails them too.
# ThreadSanitizer: the engine and store suites but for long sweeps that start no thread the others
# do not (see thread_skipped), and the Sent Memes window tests (thumbnails loaded off the main
# thread) on a virtual display.
#
#   build-aux/run-sanitizers.sh [--build-only] [address] [thread]     (default: both)
#
# --build-only builds and stops (build-aux/run-tests.sh builds ahead, beside the window tests).
set -euo pipefail
cd "$(dirname "$0")/.."

address_suites='MemeCoreTests|MemeStoreTests|CommandLineTests|FuzzRegressionTests'
# Every thread MemeCore starts (captions drawn on two cores, PNG rows filtered and compressed in
# strips, JPEG trials, the GIF encoder's workers) is started by code the engine suites call in
# process; the command-line suites start the same code again in child processes (each paying the
# sanitizer's start-up) and add no thread of their own. The fuzz regression inputs are decoded on one
# thread: they are about memory, not threads.
thread_suites='MemeCoreTests|MemeStoreTests'
# Left out under the sanitizers: KilledRenderTests kills fifty renders of one process each to check
# the files they leave, which says nothing about memory or threads that the other renders do not,
# and is the longest test under ThreadSanitizer (about a second a render; the plain run keeps it).
# AnimationBombCommandTests and AnimationMemoryTests hold animations to bounds of processor time and
# peak memory, which a sanitizer's own work and shadow memory stretch; they draw as the other
# renders do.
skipped='KilledRenderTests|AnimationBombCommandTests|AnimationMemoryTests'
# Left out under ThreadSanitizer only: two sweeps of where caption pixels land, every sample text on
# every picture shape (CaptionLineTests: each line drawn whole and centred; CaptionReferenceTests:
# every drawing path equals Pango's own drawing). Their threads are the renderer's, the same two
# cores per caption and two halves per caption's rows that RenderingTests, GoldenCaptionTests and
# ExtremeShapeTests start with fewer texts; the texts and shapes change the pixels, not the threads
# or what they share. They were most of the engine suites' time under the sanitizer (over a
# thousand seconds of one core); the plain run keeps them. The other threads have their suites
# here: captions drawn ahead beside a decoder (CaptionMasksTests, CaptionStripTests), PNG strips
# (ImageIOWriterTests), JPEG quality trials (SizeFitterTests), the GIF encoder's workers
# (GIFWorkerTests, AnimationRoundTripTests) and the store read while another thread writes
# (BusyDatabaseTests, CheckingLaterTests). Nor three animation bombs that the test writes and the
# reader refuses or decodes on one thread (a million frames, a 2000×2000 frame on a 4×4 screen, two
# million comment blocks): like the fuzz inputs, they are about memory and time, not threads, and
# took two minutes of the sanitizer's time.
# Nor, for the same reason, three of the engine and store suites' longest tests (about fifty seconds
# of the sanitizer's time): a 48-megapixel photo through the block path (its threads are those of
# every smaller export, which stay), a TIFF of eighty thousand directories decoded on one thread,
# and saves killed in child processes (KilledWriteTests), about files left on disk.
thread_skipped="$skipped|CaptionLineTests|CaptionReferenceTests|AnimationLimitTests/aMillionFramesAreRefused"
thread_skipped+="|AnimationLimitTests/aHugeFrameOnASmallScreen|AnimationBombTests/anExtensionFlood"
thread_skipped+="|JPEGBlockPathTests/fortyEightMegapixelPhoto|KilledWriteTests"
thread_skipped+="|DecodeTimeTests/aTIFFOfEightyThousandDirectoriesDecodesItsFirstAtOnce"
build_only=
if [ "${1:-}" = --build-only ]; then build_only=1; shift; fi
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)

# Any report fails the run. Pango and fontconfig keep per-process caches that LeakSanitizer would
# report at exit, so leaks are not checked here.
export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1
export TSAN_OPTIONS=halt_on_error=1:abort_on_error=1
# Swift's crash backtracer reads memory the sanitizers guard; their own reports name the stack.
export SWIFT_BACKTRACE=enable=no

for sanitizer in "${sanitizers[@]}"; do
  case $sanitizer in
    address) scratch=.build-asan suites=$address_suites skip=$skipped ;;
    thread) scratch=.build-tsan suites=$thread_suites skip=$thread_skipped ;;
    *) echo "unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;;
  esac
  echo "== $sanitizer: building"
  start=$SECONDS
  swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
  echo "== $sanitizer: built in $((SECONDS - start)) s"
  [ -z "$build_only" ] || continue
  start=$SECONDS
  swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" --filter "$suites" --skip "$skip"
  if [ "$sanitizer" = thread ]; then
    # Sent Memes decodes thumbnails on a worker thread and hands them to the main loop.
    xvfb-run -a -s "-screen 0 1920x1200x24 -noreset" dbus-run-session -- env MEMEME_REQUIRE_DISPLAY=1 \
      GDK_BACKEND=x11 GSK_RENDERER=cairo GSETTINGS_BACKEND=memory \
      swift test --skip-build --sanitize=thread --scratch-path "$scratch" \
      --filter 'SentMemesWindowTests|SentMemesNavigationTests'
  fi
  echo "== $sanitizer: tests passed in $((SECONDS - start)) s"
done
