// SPDX-License-Identifier: GPL-3.0-or-later

/// How captions look: the same values drive the editor canvas, export and the command line.
public struct CaptionStyle: Sendable, Hashable, Codable {
  /// The requested font family; `nil` asks for the default meme face (Impact or its closest substitute).
  public var fontFamily: String?
  public var textColor: RGBAColor
  public var outlineColor: RGBAColor
  public var isUppercase: Bool

  public init(
    fontFamily: String? = nil, textColor: RGBAColor = .white, outlineColor: RGBAColor = .black,
    isUppercase: Bool = true
  ) {
    self.fontFamily = fontFamily
    self.textColor = textColor
    self.outlineColor = outlineColor
    self.isUppercase = isUppercase
  }

  public static let classic = CaptionStyle()
}
