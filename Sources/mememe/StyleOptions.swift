// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import MemeCore

/// `--font`, `--text-color`, `--outline-color` and `--[no-]uppercase` read as one caption style,
/// over the layout's defaults.
struct StyleOptions: ParsableArguments {
  @Option(
    help: """
      Caption font family (default: Impact, or the closest installed substitute; for band, Helvetica, \
      for poster, Times, or their closest substitutes).
      """)
  var font: String?

  @Option(help: "Caption fill colour: #RRGGBB, #RRGGBBAA or a colour name (default: white; black for band).")
  var textColor: String?

  @Option(
    help: """
      Caption outline colour, or the colour of the band or the poster's frame: #RRGGBB, #RRGGBBAA or a \
      colour name (default: black; white for band).
      """)
  var outlineColor: String?

  @Flag(
    inversion: .prefixedNo,
    help: "Upper-case the captions, or keep their letter case (default: upper-case; as typed for band).")
  var uppercase: Bool?

  /// The style the options give over `layout`'s defaults.
  func style(layout: MemeLayoutKind) throws -> CaptionStyle {
    let defaults = layout.defaultStyle
    guard let text = textColor.map(RGBAColor.init(parsing:)) ?? defaults.textColor else {
      throw CommandFailure("--text-color: \(alwaysQuoted(textColor ?? "")) is not a colour")
    }
    guard let outline = outlineColor.map(RGBAColor.init(parsing:)) ?? defaults.outlineColor else {
      throw CommandFailure("--outline-color: \(alwaysQuoted(outlineColor ?? "")) is not a colour")
    }
    if let font {
      // A missing font must never silently become another one.
      let resolved = FontResolver.resolve(font)
      guard !resolved.isSubstitute else {
        throw CommandFailure("--font: font family \(alwaysQuoted(font)) is not installed")
      }
    }
    return CaptionStyle(
      fontFamily: font, textColor: text, outlineColor: outline, isUppercase: uppercase ?? defaults.isUppercase
    )
  }
}
