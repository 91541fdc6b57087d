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

extension CaptionStyle {
  /// Every field that is missing takes the classic style's value, so a style saved before a field
  /// existed (a meme in the store, the editor's last style in the settings) keeps every field it has.
  /// Without this, the synthesized decoder would fail on the first style without a new field, and the
  /// store would show that meme in the classic style. A new field is one more line here (the compiler
  /// asks for it: every stored property must be set).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let classic = CaptionStyle.classic
    fontFamily = try container.decodeIfPresent(String.self, forKey: .fontFamily) ?? classic.fontFamily
    textColor = try container.decodeIfPresent(RGBAColor.self, forKey: .textColor) ?? classic.textColor
    outlineColor =
      try container.decodeIfPresent(RGBAColor.self, forKey: .outlineColor) ?? classic.outlineColor
    isUppercase = try container.decodeIfPresent(Bool.self, forKey: .isUppercase) ?? classic.isUppercase
  }
}
