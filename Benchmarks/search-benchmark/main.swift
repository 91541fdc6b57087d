// SPDX-License-Identifier: GPL-3.0-or-later
// Searching Sent Memes at scale: with N memes in the store (seeded with mememe-seed --words, whose
// captions are everyday words), how long the search index takes to answer each keystroke of a few
// searches typed letter by letter, how long from the keystroke until the Grid has painted the
// results, the desktop search provider's round trip over D-Bus for the same keystrokes, and the
// database's size with and without the index.
//
//   swift build -c release --product search-benchmark --product mememe-seed
//   xvfb-run -a -s "-screen 0 1920x1200x24" dbus-run-session -- env GDK_BACKEND=x11 GSK_RENDERER=cairo \
//     .build/release/search-benchmark [count ...] [--directory DIR] [--runs N] [--received]
//
// Counts default to 10000 and 100000; each store is seeded once into DIR/<count> (kept for later
// runs). With --received, half its memes are received ones whose words are those read in their
// pictures (DIR/<count>-received). "Keystroke to grid" starts when a letter is put at the end of the
// search field's text, as a key press does (keys 100 ms apart, as fast typing is), with GTK's typing
// pause (search-delay, 150 ms by default) set to 0, and ends when the window's frame clock has
// painted a frame after the results were put in the list. "Query" is `SentMemeStore.memeIDs(matching:)` alone,
// on the main thread of this process. Clearing the search (all N memes back) is measured apart.
import CGtk
import Foundation
import GRDB
import GtkKit
import MemeStore

struct Options {
  var counts: [Int] = []
  var directory = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-search-benchmark")
  var runs = 3
  /// Half the memes received, found by the words read in their pictures (mememe-seed --received).
  var received = false

  init(_ arguments: [String]) {
    var arguments = arguments
    while let argument = arguments.first {
      arguments.removeFirst()
      switch argument {
      case "--directory":
        guard let value = arguments.first else { Self.usage() }
        arguments.removeFirst()
        directory = URL(fileURLWithPath: value, isDirectory: true)
      case "--received":
        received = true
      case "--runs":
        guard let value = arguments.first.flatMap({ Int($0) }), value > 0 else { Self.usage() }
        arguments.removeFirst()
        runs = value
      default:
        guard let count = Int(argument), count > 0 else { Self.usage() }
        counts.append(count)
      }
    }
    if counts.isEmpty { counts = [10_000, 100_000] }
  }

  static func usage() -> Never {
    FileHandle.standardError.write(
      Data("usage: search-benchmark [count ...] [--directory DIR] [--runs N] [--received]\n".utf8))
    exit(2)
  }
}

/// The searches, typed a letter at a time: a common word, an accented one typed without its accent,
/// a Chinese character, two words, a meme number, and a word no meme has.
let searches = ["monday", "cafe", "猫", "explain mom", "4242", "zzz"]

/// The query alone, timed in wall clock and in this thread's CPU time.
func timedQuery(_ store: SentMemeStore, _ text: String) throws -> (count: Int, wall: Double, cpu: Double) {
  let start = (Date(), SearchSession.threadCPUTime())
  let found = try store.memeIDs(matching: text)
  return (
    found.count, Date().timeIntervalSince(start.0) * 1000, (SearchSession.threadCPUTime() - start.1) * 1000
  )
}

let options = Options(Array(CommandLine.arguments.dropFirst()))

func seed(_ count: Int) -> URL {
  let folder = options.directory.appendingPathComponent(
    options.received ? "\(count)-received" : String(count))
  let marker = folder.appendingPathComponent("seeded-words-\(count)")
  guard !FileManager.default.fileExists(atPath: marker.path) else { return folder }
  try? FileManager.default.removeItem(at: folder)
  let seeder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("mememe-seed")
  let process = Process()
  process.executableURL = seeder
  process.arguments =
    [String(count), "--directory", folder.path, "--words", "--batch-size", "2000"]
    + (options.received ? ["--received"] : [])
  do { try process.run() } catch {
    FileHandle.standardError.write(Data("cannot run \(seeder.path): \(error)\n".utf8))
    exit(1)
  }
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { exit(1) }
  _ = FileManager.default.createFile(atPath: marker.path, contents: nil)
  return folder
}

func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty
    ? .nan : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

func summary(_ values: [Double]) -> String {
  String(
    format: "p50 %.2f  p95 %.2f  max %.2f ms  (%d samples)", percentile(values, 0.5),
    percentile(values, 0.95),
    values.max() ?? .nan, values.count)
}

/// The database's size, compacted, with its index and without (the index table dropped from a copy).
func sizes(of folder: URL) throws -> (with: Int64, without: Int64) {
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("search-benchmark-\(getpid())")
  try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: scratch) }
  let with = scratch.appendingPathComponent("with.sqlite")
  let without = scratch.appendingPathComponent("without.sqlite")
  let source = try DatabaseQueue(path: folder.appendingPathComponent(SentMemeStore.databaseFileName).path)
  try source.writeWithoutTransaction { db in
    try db.execute(sql: "VACUUM INTO ?", arguments: [with.path])
    try db.execute(sql: "VACUUM INTO ?", arguments: [without.path])
  }
  try source.close()
  let copy = try DatabaseQueue(path: without.path)
  try copy.writeWithoutTransaction { db in
    try db.execute(sql: "DROP TRIGGER sentMemeSearch_delete; DROP TABLE sentMemeSearch; VACUUM")
  }
  try copy.close()
  func size(_ url: URL) throws -> Int64 {
    (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
  }
  return (try size(with), try size(without))
}

func megabytes(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

let load =
  (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
  .joined(separator: " ") ?? "?"
print(
  "search-benchmark: \(ProcessInfo.processInfo.activeProcessorCount) cores, load \(load), "
    + "renderer \(ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default"), "
    + "backend \(ProcessInfo.processInfo.environment["GDK_BACKEND"] ?? "default"), runs \(options.runs)")

for count in options.counts {
  let folder = seed(count)
  let store = try SentMemeStore(directory: folder)
  let total = try store.count()
  print("\n== \(total) memes (\(folder.path))")
  let size = try sizes(of: folder)
  print(
    "database: \(megabytes(size.with)) with the index, \(megabytes(size.without)) without "
      + String(format: "(+%.0f%%)", Double(size.with - size.without) / Double(size.without) * 100))

  var queryTimes: [(wall: Double, cpu: Double)] = []
  var matches: [String: Int] = [:]
  for _ in 0..<options.runs {
    for search in searches {
      for length in 1...search.count {
        let text = String(search.prefix(length))
        let timed = try timedQuery(store, text)
        queryTimes.append((timed.wall, timed.cpu))
        matches[text] = timed.count
      }
    }
  }
  print("query alone, every keystroke, wall clock: \(summary(queryTimes.map(\.wall)))")
  print("  CPU time: \(summary(queryTimes.map(\.cpu)))")
  print(
    "  results: "
      + searches.map { search in "\(search) → \(matches[search] ?? 0)" }.joined(separator: ", "))

  // The desktop's search: every keystroke's GetInitialResultSet, then GetResultMetas for the
  // results the overview shows, over the session bus (`ProviderSession`).
  let provider = ProviderSession(directory: folder)
  var providerTimes: [Double] = []
  var providerResults: [String: Int] = [:]
  for _ in 0..<options.runs {
    for search in searches {
      for length in 1...search.count {
        let terms = String(search.prefix(length)).split(separator: " ").map(String.init)
        guard let timed = provider.search(terms) else { exit(1) }
        providerTimes.append(timed.milliseconds)
        providerResults[search] = timed.results
      }
    }
  }
  print(
    "desktop search (GetInitialResultSet + GetResultMetas of the first \(ProviderSession.shownResults)"
      + " over D-Bus), every keystroke, wall clock: \(summary(providerTimes))")
  print(
    "  results (at most 100): "
      + searches.map { search in "\(search) → \(providerResults[search] ?? 0)" }.joined(separator: ", "))

  let session = SearchSession(directory: folder)
  session.showGrid(expecting: total)
  var keystrokes: [SearchSession.Keystroke] = []
  var clears: [SearchSession.Keystroke] = []
  for _ in 0..<options.runs {
    for search in searches {
      for length in 1...search.count {
        keystrokes.append(session.type(String(search.prefix(length))))
      }
      clears.append(session.type(""))
      guard session.shownCount == total else {
        print("the cleared search shows \(session.shownCount) memes, not \(total)")
        exit(1)
      }
    }
  }
  print("keystroke to grid painted, wall clock: \(summary(keystrokes.map(\.painted)))")
  print("  main thread's CPU time: \(summary(keystrokes.map(\.paintedCPU)))")
  print("  of which the search and the list's update, wall clock: \(summary(keystrokes.map(\.listed)))")
  print("  of which the search and the list's update, CPU time: \(summary(keystrokes.map(\.listedCPU)))")
  print(
    "clearing the search (all \(total) back) to grid painted, wall clock: \(summary(clears.map(\.painted)))")
  print("  main thread's CPU time: \(summary(clears.map(\.paintedCPU)))")
  session.close()
}
