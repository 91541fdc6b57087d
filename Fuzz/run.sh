#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the fuzz targets with libFuzzer and AddressSanitizer and runs them.
#
#   Fuzz/run.sh [-t SECONDS] [-r RUNS] [-j JOBS] [-a BYTES] [-b] [TARGET...]
#
# With -b, it only builds (build-aux/run-tests.sh builds ahead, beside the window tests).
# With -a, each target runs under an address-space cap of BYTES (util-linux's prlimit --as), so
# an input that makes MemeMe ask for more memory than its limits allow fails there instead of being
# served from the machine's memory. AddressSanitizer reserves terabytes of address space for its
# shadow memory, so that build leaves it out (libFuzzer alone, in .build-fuzz-capped).
#
# TARGET is image-loading, headers, captions, png-round-trip, store-decoding, jpeg-blocks, gif-decoding
# or webp-decoding (default: all), JOBS of them at a time (default 1). Each runs for SECONDS (default 60) or RUNS executions, whichever ends
# first, starting from its committed seeds in Fuzz/corpus/TARGET plus what earlier runs found in
# .build-fuzz/corpus/TARGET (the committed seeds are never written to). A crash, a sanitizer report,
# an input slower than the target's time limit (see timeout_option) or a broken promise stops the
# run with a non-zero status; the input is saved in
# .build-fuzz/findings/TARGET/ (commit it to Fuzz/crashes/TARGET/ once fixed: the regression tests
# replay that folder). The libFuzzer log of each run is .build-fuzz/logs/TARGET.log.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60 runs=-1 jobs=1 cap= build_only=
while getopts "t:r:j:a:b" option; do
  case $option in
    t) seconds=$OPTARG ;;
    r) runs=$OPTARG ;;
    j) jobs=$OPTARG ;;
    a) cap=$OPTARG ;;
    b) build_only=1 ;;
    *) sed -n 5,21p "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(image-loading headers captions png-round-trip store-decoding jpeg-blocks gif-decoding webp-decoding video-probe)

scratch=.build-fuzz sanitizers=fuzzer,address capped=()
if [ -n "$cap" ]; then
  scratch=.build-fuzz-capped sanitizers=fuzzer capped=(prlimit "--as=$cap" --)
fi
# MEMEME_LIBFUZZER makes the driver hand its main() to libFuzzer instead of replaying files. The
# sanitized objects are linked with lld: gold fails on their debug information.
swift build -c release --product mememe-fuzz --scratch-path "$scratch" \
  -Xswiftc -sanitize="$sanitizers" -Xswiftc -DMEMEME_LIBFUZZER -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
fuzzer="$scratch/release/mememe-fuzz"
[ -z "$build_only" ] || exit 0

# The longest input worth trying: captions go up to 10,000 characters of up to 4 UTF-8 bytes, and
# are tried at any length from the start (libFuzzer otherwise lets lengths grow slowly).
length_options() {
  case $1 in
    captions) echo -max_len=40006 -len_control=0 ;;
    image-loading | store-decoding | gif-decoding | webp-decoding | video-probe) echo -max_len=65536 ;;
    *) echo -max_len=8192 ;;
  esac
}

# How long one input may take, in seconds, before libFuzzer reports it as a finding (a timeout
# artifact, saved like a crash). The targets that decode JPEGs get 5 s (issue 33: a progressive JPEG
# of a few kilobytes whose last scan repeats thousands of times kept a core busy for minutes; the scan
# limit stops any JPEG within a fraction of that). Captions are bounded (issue 41: a long caption once
# ran for minutes): the slowest caption within the limits takes about 3 s in this sanitized build, so
# one that takes 10 s is a bug. The animation decoders are bounded by their frame and pixel limits
# (AnimationDecodingTarget): well under a second at the worst, so 10 s is a bug. The others keep a minute.
timeout_option() {
  case $1 in
    jpeg-blocks | image-loading | headers) echo -timeout=5 ;;
    captions | gif-decoding | webp-decoding) echo -timeout=10 ;;
    # Discovery and each frame have a budget of 5 s in the target (VideoProbeTarget): 20 s is a hang.
    video-probe) echo -timeout=20 ;;
    *) echo -timeout=60 ;;
  esac
}

# Runs one target; a non-zero status means a finding.
fuzz() {
  local target=$1 log="$scratch/logs/$1.log"
  mkdir -p "$scratch/corpus/$target" "$scratch/findings/$target" "$scratch/logs"
  # Pango and fontconfig keep caches for the life of the process, which LeakSanitizer would report
  # as leaks at exit, so leaks are not checked. Swift's own crash backtracer would read memory
  # AddressSanitizer guards; libFuzzer prints the stack instead.
  local status=0
  MEMEME_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "${capped[@]}" "$fuzzer" \
    -max_total_time="$seconds" -runs="$runs" $(length_options "$target") $(timeout_option "$target") \
    -rss_limit_mb=3072 -print_final_stats=1 -artifact_prefix="$scratch/findings/$target/" \
    "$scratch/corpus/$target" "Fuzz/corpus/$target" >"$log" 2>&1 || status=$?
  local runs_done
  runs_done=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  if [ $status -eq 0 ]; then
    echo "$target: ${runs_done:-?} runs, no findings"
  else
    echo "$target: FINDING after ${runs_done:-?} runs, see $log and $scratch/findings/$target/" >&2
  fi
  return $status
}

# Up to `jobs` targets at a time; the run fails if any of them found something.
echo "fuzzing ${targets[*]} for ${seconds}s each, $jobs at a time..."
status=0
pids=()
for target in "${targets[@]}"; do
  fuzz "$target" &
  pids+=($!)
  if [ ${#pids[@]} -ge "$jobs" ]; then
    wait "${pids[0]}" || status=1
    pids=("${pids[@]:1}")
  fi
done
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
