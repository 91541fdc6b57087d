// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The tries of one search along one key (a quality, or a length), and which way to go next.
struct Search {
  struct Probe {
    let key: Int
    let bytes: Int
  }

  let limit: Int
  /// The highest key known to fit, and its file; the lowest key known not to.
  private(set) var fit: Probe?
  private(set) var fitFile: [UInt8]?
  private(set) var fail: Probe?
  /// Every try, oldest first, and whether each fit.
  private var tries: [(probe: Probe, fits: Bool)] = []

  init(limit: Int) { self.limit = limit }

  mutating func record(_ key: Int, bytes: Int, file: UnsafeRawBufferPointer?) {
    let probe = Probe(key: key, bytes: bytes)
    let fits = bytes <= limit
    tries.append((probe, fits))
    if fits {
      if fit == nil || key > fit!.key {
        fit = probe
        fitFile = file.map { Array($0) }
      }
    } else if fail == nil || key < fail!.key {
      fail = probe
    }
  }

  /// The next key to try, strictly between `low` (fits, or below the range) and `high` (does not
  /// fit, or above it): where the line through the two tries nearest the limit, in
  /// (`position(key)`, log size), meets `target` × the limit (with one try, a line of
  /// `defaultSlope`). After two tries in a row on one side of a closed bracket, or three without a
  /// fit, the midpoint instead: the bracket at least halves every other try.
  func next(
    between low: Int, _ high: Int, target: Double, defaultSlope: Double, position: (Int) -> Double,
    key: (Double) -> Int
  ) -> Int {
    let inside = { (value: Int) in min(max(value, low + 1), high - 1) }
    let midpoint = low + (high - low) / 2
    let run = tries.reversed().prefix { $0.fits == tries.last?.fits }.count
    if (fit != nil && fail != nil && run >= 2) || (fit == nil && run >= 3) { return inside(midpoint) }
    // The two points: both ends of the bracket when known, else the two tries nearest the limit.
    let points: [Probe]
    if let fit, let fail {
      points = [fit, fail]
    } else {
      let distance = { (probe: Probe) in abs(log(Double(probe.bytes) / Double(limit))) }
      points = Array(tries.map(\.probe).sorted { distance($0) < distance($1) }.prefix(2))
    }
    guard let first = points.first else { return inside(midpoint) }
    var slope = defaultSlope
    if points.count == 2, points[0].key != points[1].key {
      let measured =
        (log(Double(points[1].bytes)) - log(Double(points[0].bytes)))
        / (position(points[1].key) - position(points[0].key))
      if measured.isFinite, measured > 0 { slope = min(max(measured, defaultSlope / 4), defaultSlope * 4) }
    }
    let value = position(first.key) + (log(target * Double(limit)) - log(Double(first.bytes))) / slope
    guard value.isFinite else { return inside(midpoint) }
    return inside(key(value))
  }
}
