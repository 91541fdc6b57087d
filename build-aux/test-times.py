#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Where a test run's time goes: the slowest tests and suites.

Window tests (turns on the main actor, written by Tests/GtkTestSupport/MainActorTurns.swift):

    MEMEME_TEST_TIMES=$PWD/turns.tsv build-aux/with-display.sh x11 swift test --skip-build \\
      --filter 'GtkKitTests|MemeUITests|MemeCameraUITests'
    build-aux/test-times.py turns.tsv

Other tests, run one at a time so that each one's start-to-end time is its own:

    swift test --skip-build --no-parallel --filter MemeCoreTests \\
      --event-stream-output-path run.jsonl --event-stream-version 0
    build-aux/test-times.py run.jsonl

In a parallel run the start and end events say little: every suite's first test starts at once, and
a test's end is posted only when the runner's task gets a thread back, behind every test body
queued before it, so the times in the log count minutes of waiting.
"""

import argparse
import collections
import json
import re
import signal


def turns(path):
    times = collections.defaultdict(float)
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            seconds, test = line.rstrip("\n").split("\t", 1)
            times[test] += float(seconds)
    return times


def spans(path):
    starts, ends, functions = {}, {}, set()
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            payload = record["payload"]
            if record["kind"] == "test" and payload["kind"] == "function":
                functions.add(payload["id"])
            elif payload.get("kind") in ("testStarted", "testEnded") and "testID" in payload:
                moments = starts if payload["kind"] == "testStarted" else ends
                moments[payload["testID"]] = payload["instant"]["absolute"]
    return {t: ends[t] - starts[t] for t in functions if t in starts and t in ends}


def short(test_id):
    # "Module.Suite/name()/File.swift:12:4" -> "Module.Suite/name()"
    return re.sub(r"/[^/]*\.swift:\d+:\d+$", "", test_id)


def main():
    # Piped into head, stop quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", help="a MEMEME_TEST_TIMES file (.tsv) or an event stream (.jsonl)")
    parser.add_argument("--top", type=int, default=20)
    arguments = parser.parse_args()
    times = spans(arguments.file) if arguments.file.endswith(".jsonl") else turns(arguments.file)
    times = {short(test): seconds for test, seconds in times.items()}
    suites = collections.defaultdict(float)
    for test, seconds in times.items():
        suites[test.split("/")[0]] += seconds
    print(f"{len(times)} tests, {sum(times.values()):.0f} s in all")
    print(f"\nslowest {arguments.top} tests:")
    for test, seconds in sorted(times.items(), key=lambda item: -item[1])[: arguments.top]:
        print(f"{seconds:8.1f} s  {test}")
    print(f"\nslowest {arguments.top} suites:")
    for suite, seconds in sorted(suites.items(), key=lambda item: -item[1])[: arguments.top]:
        print(f"{seconds:8.1f} s  {suite}")


if __name__ == "__main__":
    main()
