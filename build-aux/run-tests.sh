#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sets up a fresh Debian 12 machine (packages) and runs the whole test suite: the engine, store
# and command-line tests, and the window tests inside a private session bus on a virtual X display
# and again on a headless Wayland compositor, then a screen reader's walk over AT-SPI on both.
set -euo pipefail
cd "$(dirname "$0")/.."
build-aux/install-deps.sh build-aux/debian-packages.txt build-aux/test-packages.txt
# A process that crashes (the app under the walk, a test bundle) dumps core into its working
# folder, and the run's end prints its backtraces with gdb (build-aux/print-crashes.sh): a log's
# tail then says where it crashed, not only that it did. Swift's own crash reporter is off, as it
# takes the signal and leaves no core.
ulimit -c unlimited 2>/dev/null || true
export SWIFT_BACKTRACE=enable=no
# The app reads the words in pictures on a thread at nice 19. Here two test runs keep both cores
# busy at normal priority, and such a thread gets next to no time: the window tests waiting for a
# picture's words would time out. The run gives it normal priority (BackgroundTextReader's
# defaultNiceness); BackgroundTextReaderTests still checks nice 19 on a reader asked for it.
export MEMEME_READING_NICENESS=0
trap 'build-aux/print-crashes.sh || true' EXIT
# The code stays formatted as .swift-format says.
swift format lint --recursive --strict Sources Tests Benchmarks Fuzz Plugins Package.swift
# No module calls C more directly than it did: the counts of raw GLib/GTK, Cairo/Pango calls,
# pointer conversions and ref counting per module stay at or below build-aux/raw-c-baseline.txt.
build-aux/count-raw-c.sh --check
# No two modules declare a top-level type of the same name (one would shadow the other).
build-aux/check-type-names.sh
swift build --build-tests
# A test that needs a tool (libjpeg-turbo's cjpeg, djpeg and jpegtran; the built mememe) fails here
# when the tool is missing, instead of skipping (Tests/DiskTestSupport/RequiredTools.swift).
export MEMEME_REQUIRE_TOOLS=1
mkdir -p test-output/wayland
# Each stage prints how long it took, so a slow stage shows in the log.
stage_started=0
stage_done() { echo "== $1: $((SECONDS - stage_started)) s"; stage_started=$SECONDS; }
stage_done "set-up, lint and build"
# The fuzzing and ThreadSanitizer builds, and the release build meson installs, run ahead, beside
# the tests, at the lowest priority: the window tests wait for frames, timers and other processes
# much of the time, and these builds take the cycles they leave instead of stages of their own
# afterwards. Their log is printed after the tests; the stages below build again, which finds
# nothing left to do.
prebuild_log=test-output/prebuild.log
rm -rf .build-meson
set -m
(nice -n 19 Fuzz/run.sh -b && nice -n 19 build-aux/run-sanitizers.sh --build-only thread \
  && meson setup .build-meson >/dev/null && nice -n 19 meson compile -C .build-meson) >"$prebuild_log" 2>&1 &
prebuild=$!
set +m
# A screen reader's walk through the app over the real AT-SPI bus, its files chosen and saved through
# the desktop portals, in English and in German (Tests/ScreenReaderWalk).
walk() {
  for language in en de; do
    MEMEME_WALK_LANGUAGE="$language" build-aux/with-display.sh "$1" \
      Tests/ScreenReaderWalk/screen-reader-walk.py .build/debug/mememe
  done
}
# The window test suites on Wayland (headless weston, GDK_BACKEND=wayland; screenshots in
# test-output/wayland/), then the walk there, run beside the X11 run below. Window tests run one at
# a time on the main actor, so the X11 run keeps one core on them while its engine suites share the
# other and then leave it idle; the Wayland run fills it. It runs the built test bundle itself rather
# than a second `swift test`, which would wait for the first one's lock on the build (or, with
# --ignore-lock, can fail on the build database the first one holds open). Each run has its own
# display, session bus and screenshot folder. Its log is printed when it ends.
# The editing and camera engine suites (MemeEditingTests, MemeCameraTests) draw nothing, but their
# targets are main-actor isolated too, so wherever they run they take turns with the window tests.
# They run here, once: the X11 run, which also carries the engine and store suites, is the longer.
# Both window runs make a GLib CRITICAL fatal (G_DEBUG=fatal-criticals), so a new one fails the test
# that caused it instead of scrolling past in the log. It is set for the tests (and the mememe
# processes they start) only, inside the session: the desktop portal the session bus starts is not
# ours, and on the headless compositor, which has no keyboard, it logs CRITICALs of its own.
# Which window suites run where. Those whose subject depends on the display server (windows' sizes
# and layout, menus, popovers and dialogs, the clipboard, drag and drop, the portals, focus, icons,
# toasts, the canvas's pixels and animation playback, screenshots, accessibility) run on both.
# Those that send keys and pointer moves through the X server (xdotool) run on X11 only: on Wayland
# they cancel themselves. Those whose subject does not depend on it (what the store keeps and
# finds, the engine's limits driven through a window: huge, damaged and slow pictures, size
# limits) run once, on Wayland, with the command-line suites: the X11 run also carries the engine
# suites and is the longer, so the shorter run takes them.
x11_only='BoxHandlesTests|TextBoxFeelTests|TextBoxKeyboardTests|TextBoxSizeAndTurnKeysTests'
x11_only+='|CropKeyboardTests|AnimationControlsTests|SentMemesSearchTests|PanelPointerTests|HiddenAreaPointerTests'
x11_only+='|SpeechBubblePointerTests|ShutterPointerTests|OpenMenuClosingTests'
wayland_only='ExtremeShapeEditorTests|BigPhotoWindowTests|AnimationBombWindowTests|SlowPictureTests'
wayland_only+='|DamagedPictureTests|SizeLimitWindowTests|JPEGShareTests|CaptionLimitWindowTests'
wayland_only+='|BusyStoreTests|StoreOpeningTests|DamagedStoreTests|LinkedImagesTests|QuitWhileSavingTests'
wayland_only+='|SearchProviderTests|SentMemeListPagingTests|SentMemesFormatTests|SentMemeNameTests'
wayland_only+='|TemplateWindowTests|MemeContentRoundTripTests|TextBoxRoundTripTests|StickerResendTests'
wayland_only+='|LayoutSentMemesTests|TranslationTests|PreferencesTests|EditorTitleTests|HandOverNameTests'
wayland_only+='|InterfaceFileTests|DetailInfoTests|PanelResendTests|PanelTemplateTests'
wayland_log=test-output/wayland/run.log
# Job control puts that run in a process group of its own, so a failing X11 run can stop all of it.
set -m
(
  MEMEME_TEST_OUTPUT="$PWD/test-output/wayland" build-aux/with-display.sh wayland \
    env G_DEBUG=fatal-criticals .build/debug/MemeMePackageTests.xctest --testing-library swift-testing \
    --filter 'GtkKitTests|MemeUITests|MemeCameraUITests|MemeEditingTests|MemeCameraTests|CommandLineTests' \
    --skip "$x11_only"
  walk wayland
) >"$wayland_log" 2>&1 &
wayland_run=$!
set +m
trap 'kill -- "-$wayland_run" "-$prebuild" 2>/dev/null || true; build-aux/print-crashes.sh || true' EXIT
# Window tests must run here: a missing display is a failure, not a skip (with-display.sh sets
# MEMEME_REQUIRE_DISPLAY=1). Everything on X11 (Xvfb) but what the Wayland run has alone: the
# editing, camera and command-line suites and the window suites of `wayland_only`; screenshots land
# in test-output/. The engine and store suites draw nothing and run only here.
MEMEME_TEST_OUTPUT="$PWD/test-output" build-aux/with-display.sh x11 env G_DEBUG=fatal-criticals \
  swift test --skip-build --skip "MemeEditingTests|MemeCameraTests|CommandLineTests|$wayland_only"
walk x11
stage_done "X11 tests and walks"
wayland_status=0
wait "$wayland_run" || wayland_status=$?
echo "== Wayland tests and walks (run beside X11):"
cat "$wayland_log"
[ "$wayland_status" -eq 0 ] || { echo "The Wayland run failed (status $wayland_status)."; exit 1; }
stage_done "Wayland, after X11"
prebuild_status=0
wait "$prebuild" || prebuild_status=$?
trap 'build-aux/print-crashes.sh || true' EXIT
echo "== Fuzzing and ThreadSanitizer builds (run beside the tests, status $prebuild_status):"
cat "$prebuild_log"
stage_done "those builds, after the tests"
# The desktop data files: the .desktop entry, AppStream metainfo and GSettings schema validators,
# and the installed binary's run path (its release build was made beside the tests; set up here
# when that chain stopped before it).
[ -f .build-meson/build.ninja ] || meson setup .build-meson >/dev/null
meson test -C .build-meson --print-errorlogs
stage_done "desktop data files"
# Fuzzing: every target for half a minute, four at a time on the two cores (eight targets in one
# minute, which keeps the whole run near forty minutes), from its seeds and what earlier runs found
# (Fuzz/run.sh). A finding is printed and its input kept in .build-fuzz/findings/, but half a minute
# of random search is not repeatable, so it does not fail the run; the regression tests replay every
# input that ever crashed (Fuzz/crashes/), and each new one is to be fixed and added there. Longer
# runs are `Fuzz/run.sh -t SECONDS` by hand.
Fuzz/run.sh -t 30 -j 4 || echo "Fuzzing found a crashing input; see the lines above."
stage_done "fuzzing"
# The engine and store under ThreadSanitizer (and Sent Memes' thumbnails, loaded off the main
# thread): the captions drawn on two cores and the PNG strips compressed in parallel must be
# race-free.
build-aux/run-sanitizers.sh thread
stage_done "ThreadSanitizer"
