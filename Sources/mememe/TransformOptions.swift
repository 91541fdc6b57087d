// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import MemeCore

/// `--crop`, `--rotate` and `--flip` read as one picture transform.
struct TransformOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Keep only this part of the picture, in its pixels after EXIF orientation: left, top, width, height.",
      valueName: "X,Y,W,H"))
  var crop: String?

  @Option(
    help: ArgumentHelp(
      "Turn the picture clockwise by 90, 180 or 270 degrees, after cropping.", valueName: "DEGREES"))
  var rotate: Int?

  @Option(
    help: ArgumentHelp(
      "Mirror the picture, after cropping and turning: horizontal or vertical (may be given twice).",
      valueName: "DIRECTION"))
  var flip: [String] = []

  /// Whether any of them was given.
  var areGiven: Bool { crop != nil || rotate != nil || !flip.isEmpty }

  /// The three options as one transform (checked against the picture when it is read).
  func transform() throws -> PictureTransform {
    var transform = PictureTransform.identity
    if let crop {
      let numbers = crop.split(separator: ",", omittingEmptySubsequences: false).map {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2],
        let h = numbers[3],
        x >= 0, y >= 0, w > 0, h > 0
      else {
        throw CommandFailure(
          "--crop must be X,Y,WIDTH,HEIGHT in pixels (a positive size), not \(alwaysQuoted(crop))")
      }
      transform.crop = PixelRect(x: x, y: y, width: w, height: h)
    }
    if let rotate {
      guard [0, 90, 180, 270].contains(rotate) else {
        throw CommandFailure("--rotate must be 90, 180 or 270, not \(rotate)")
      }
      transform = PictureTransform(crop: transform.crop, quarterTurns: rotate / 90)
    }
    for direction in flip {
      switch direction {
      case "horizontal": transform.flipsHorizontally.toggle()
      case "vertical": transform.flipsVertically.toggle()
      default: throw CommandFailure("--flip must be horizontal or vertical, not \(alwaysQuoted(direction))")
      }
    }
    return transform
  }
}
