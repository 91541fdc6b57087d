// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MemeCore

/// `--deep-fry[=STRENGTH]`, `--more-jpeg[=N]`, `--black-and-white`, `--fry-text` and `--seed N`: the
/// effects the picture is made with (see `PictureEffects`). The first two may be given bare, for
/// their default (see `expandingBareEffectOptions`).
struct EffectOptions: ParsableArguments {
  @Option(
    name: .customLong("deep-fry"),
    help: ArgumentHelp(
      "Deep-fry the picture (saturation, contrast, sharpening and noise) at STRENGTH, "
        + "\(PictureEffects.strengths.lowerBound) to \(PictureEffects.strengths.upperBound); --deep-fry "
        + "alone is \(PictureEffects.defaultDeepFry). Give a strength as --deep-fry=STRENGTH.",
      valueName: "STRENGTH"))
  var deepFry: String?

  @Option(
    name: .customLong("more-jpeg"),
    help: ArgumentHelp(
      "Needs more JPEG: encode the picture again as a low-quality JPEG N times, "
        + "\(PictureEffects.passes.lowerBound) to \(PictureEffects.passes.upperBound); --more-jpeg alone is "
        + "\(PictureEffects.defaultMoreJPEG). Give a count as --more-jpeg=N.",
      valueName: "N"))
  var moreJPEG: String?

  @Flag(name: .customLong("black-and-white"), help: "Make the picture black and white.")
  var blackAndWhite = false

  @Flag(name: .customLong("fry-text"), help: "Deep-fry the captions too, not only the picture beneath them.")
  var friesText = false

  @Option(
    help: ArgumentHelp(
      "The seed of deep-fry's noise, 0 to \(UInt32.max) (default 0): the same meme and seed give the same "
        + "file.", valueName: "N"))
  var seed: String?

  /// The effects asked for, each checked against its range.
  func effects() throws -> PictureEffects {
    if friesText, deepFry == nil { throw CommandFailure("--fry-text needs --deep-fry") }
    return PictureEffects(
      deepFry: try deepFry.map { try number($0, of: "--deep-fry", in: PictureEffects.strengths) },
      moreJPEG: try moreJPEG.map { try number($0, of: "--more-jpeg", in: PictureEffects.passes) },
      isBlackAndWhite: blackAndWhite, friesText: friesText,
      seed: try seed.map { text in
        guard let value = UInt32(text.trimmingCharacters(in: .whitespaces)) else {
          throw CommandFailure(
            "--seed must be a whole number from 0 to \(UInt32.max), not \(alwaysQuoted(text))")
        }
        return value
      } ?? 0)
  }

  private func number(_ text: String, of option: String, in range: ClosedRange<Int>) throws -> Int {
    guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
      throw CommandFailure(
        "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(alwaysQuoted(text))"
      )
    }
    return value
  }
}

/// Spells a bare `--deep-fry` or `--more-jpeg` (no `=`) as the option with its default value, so
/// that either may be given alone. Arguments after `--` are operands and stay as they are.
func expandingBareEffectOptions(_ arguments: [String]) -> [String] {
  let defaults = [
    "--deep-fry": String(PictureEffects.defaultDeepFry),
    "--more-jpeg": String(PictureEffects.defaultMoreJPEG),
  ]
  var expanded: [String] = []
  var seenTerminator = false
  for argument in arguments {
    if argument == "--" { seenTerminator = true }
    if !seenTerminator, let value = defaults[argument] {
      expanded.append("\(argument)=\(value)")
    } else {
      expanded.append(argument)
    }
  }
  return expanded
}
