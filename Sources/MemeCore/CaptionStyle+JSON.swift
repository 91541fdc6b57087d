// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension CaptionStyle {
  /// The one serialisation of a style, for the store's style column and the style the editor
  /// remembers in its settings. Sorted keys: equal styles give equal text, which the store's
  /// decoding cache relies on. Throws only for a colour component that is not a number.
  public func jsonText() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// The style `jsonText()` wrote (missing fields take the classic values); nil when `text` is not
  /// a style.
  public init?(jsonText text: String) {
    guard let style = try? JSONDecoder().decode(CaptionStyle.self, from: Data(text.utf8)) else { return nil }
    self = style
  }
}
