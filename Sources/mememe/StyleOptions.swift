// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// `--font`, `--text-color`, `--outline-color` and `--[no-]uppercase` read as one caption style,
/// over the layout's defaults.
enum StyleOptions {
  static func style(
    layout: MemeLayoutKind, font: String?, textColor: String?, outlineColor: String?, uppercase: Bool?
  ) throws -> CaptionStyle {
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
