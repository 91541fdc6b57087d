#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sets up a fresh Debian 12 machine (packages) and runs the whole test suite: the engine, store
# and command-line tests, and the window tests on a virtual X display inside a private session bus.
set -euo pipefail
cd "$(dirname "$0")/.."
build-aux/install-deps.sh build-aux/debian-packages.txt build-aux/test-packages.txt
# The code stays formatted as .swift-format says.
swift format lint --recursive --strict Sources Tests Benchmarks Fuzz Package.swift
swift build --build-tests
mkdir -p test-output
# Window tests must run here: a missing display is a failure, not a skip.
export MEMEME_REQUIRE_DISPLAY=1 GDK_BACKEND=x11 GSK_RENDERER=cairo GSETTINGS_BACKEND=memory
export MEMEME_TEST_OUTPUT="$PWD/test-output"
xvfb-run -a -s "-screen 0 1920x1200x24" dbus-run-session -- swift test --skip-build
# The desktop data files: the .desktop entry, AppStream metainfo and GSettings schema validators.
rm -rf .build-meson && meson setup .build-meson >/dev/null && meson test -C .build-meson --print-errorlogs
# Fuzzing: every target for a minute, two at a time, from its seeds and what earlier runs found
# (Fuzz/run.sh). A finding is printed and its input kept in .build-fuzz/findings/, but a minute of
# random search is not repeatable, so it does not fail the run; the regression tests replay every
# input that ever crashed (Fuzz/crashes/), and each new one is to be fixed and added there.
Fuzz/run.sh -t 60 -j 2 || echo "Fuzzing found a crashing input; see the lines above."
# The engine, store and command line under ThreadSanitizer (and Sent Memes' thumbnails, loaded off
# the main thread): the captions drawn on two cores and the PNG strips compressed in parallel must be
# race-free.
build-aux/run-sanitizers.sh thread
