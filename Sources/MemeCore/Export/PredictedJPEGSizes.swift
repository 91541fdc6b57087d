// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Sizes predicted from the samples of `JPEGTrials`, corrected by every whole try: the sample's size
/// times the rows it stands for, times the ratio the last whole try measured between the two.
struct PredictedJPEGSizes {
  let trials: JPEGTrials
  let limit: Int
  /// The description's bytes, added to every file.
  let overhead: Int
  /// Whole file / (sample × its rows factor), as last measured at full size and when scaled.
  private var correction = 1.0
  private var scaledCorrection: Double?

  init(trials: JPEGTrials, limit: Int, overhead: Int) {
    self.trials = trials
    self.limit = limit
    self.overhead = overhead
  }

  /// `share` of the limit.
  func aim(_ share: Double) -> Int { Int(Double(limit) * share) }

  func predicted(quality: Int) throws(ImageError) -> Int {
    let sample = try trials.sampleSize(quality: quality)
    return Int(Double(sample.bytes) * sample.rowsFactor * correction) + overhead
  }

  mutating func calibrate(quality: Int, measured: Int) throws(ImageError) {
    let sample = try trials.sampleSize(quality: quality)
    correction = Double(measured - overhead) / (Double(sample.bytes) * sample.rowsFactor)
  }

  func predicted(shortSide: Int, quality: Int) throws(ImageError) -> Int {
    let size = FittedSize.size(shortSide: shortSide, width: trials.width, height: trials.height)
    let sample = try trials.sampleSize(width: size.width, height: size.height, quality: quality)
    return Int(Double(sample.bytes) * sample.rowsFactor * (scaledCorrection ?? correction)) + overhead
  }

  mutating func calibrate(shortSide: Int, quality: Int, measured: Int) throws(ImageError) {
    let size = FittedSize.size(shortSide: shortSide, width: trials.width, height: trials.height)
    let sample = try trials.sampleSize(width: size.width, height: size.height, quality: quality)
    scaledCorrection = Double(measured - overhead) / (Double(sample.bytes) * sample.rowsFactor)
  }

  /// The longest short side strictly between `low` (fits, or below the range) and `high` (does not
  /// fit) whose predicted file is within 98.5% of the limit, searched on the samples by the
  /// bracketed line of `Search` (log size against log length), closely enough: until a prediction
  /// falls within 97.5–98.5% of the limit or the lengths are neighbours. At least `low + 1`.
  func shortSide(between low: Int, _ high: Int, quality: Int, cancellation: Cancellation, name: String)
    throws(ImageError) -> Int
  {
    let goal = aim(0.985)
    var predictions = Search(limit: goal)
    var best = low + 1
    for _ in 0..<12 {
      let fitting = predictions.fit?.key ?? low
      let over = predictions.fail?.key ?? high
      if over - fitting <= 1 { break }
      if let fit = predictions.fit, fit.bytes >= aim(0.975) { break }
      try cancellation.check(name: name)
      let next = predictions.next(
        between: fitting, over, target: 1, defaultSlope: 2, position: { log(Double($0)) },
        key: { Int(min(exp($0), Double(Int32.max)).rounded(.down)) })
      predictions.record(next, bytes: try predicted(shortSide: next, quality: quality), file: nil)
    }
    if let fit = predictions.fit { best = fit.key }
    return min(max(best, low + 1), high - 1)
  }
}
