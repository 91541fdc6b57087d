// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// Finds the video bitrate that makes a file of 90 % to 100 % of a size limit: the first try is
/// what the limit leaves per second once the sound is paid for; each next one scales the video's
/// share by how far the last file missed. Every encoding is a whole pass: a measured first pass,
/// rather than x264's two-pass statistics, so that VP9 is fitted the same way.
struct SizeTarget {
  let limit: Int
  /// The sound's bits a second, taken off the limit before the video's share.
  let soundBitrate: Int
  /// Seconds the meme plays, when known before the first pass.
  let expectedLength: Double?
  let name: String
  /// Encodings tried at most before the best one under the limit is taken.
  static let tries = 4
  /// The lowest video bitrate tried: below it, no picture is left to see.
  static let lowestBitrate = 16_000

  /// The best of the files `encode` makes at the bitrates tried: the first between 90 % and 100 %
  /// of the limit, or else the largest under it. The others are removed.
  func encode(_ encode: (Int) throws(ImageError) -> VideoEncodingPass.Result) throws(ImageError)
    -> VideoEncodingPass.Result
  {
    var best: VideoEncodingPass.Result?
    let goal = Double(limit) * 0.95
    // What the limit leaves the video each second, over the length the video says it has.
    var bitrate = max(Self.lowestBitrate, Int(goal * 8 / max(0.1, expectedLength ?? 10)) - soundBitrate)
    for _ in 0..<Self.tries {
      let result = try encode(bitrate)
      if result.bytes <= limit, result.bytes > best?.bytes ?? -1 {
        if let kept = best { try? FileManager.default.removeItem(at: kept.file) }
        best = result
      } else {
        try? FileManager.default.removeItem(at: result.file)
      }
      if let best, Double(best.bytes) >= Double(limit) * 0.9 { break }
      // The video's share of the file, scaled towards the goal.
      let sound = Double(soundBitrate) * result.duration / 8
      let video = max(1, Double(result.bytes) - sound)
      let next = max(Self.lowestBitrate, Int(Double(bitrate) * (goal - sound) / video))
      // At the lowest bitrate and still over: nothing lower is tried.
      if next == bitrate { break }
      bitrate = next
    }
    guard let best else {
      throw ImageError(
        path: name, kind: .overSizeLimit,
        reason: String(
          format: localized("even at its lowest bitrate the video is over the limit of %@"),
          ByteSize.limitDescribed(limit)))
    }
    return best
  }
}
