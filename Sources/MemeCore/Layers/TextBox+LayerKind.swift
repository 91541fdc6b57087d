// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A text box as a layer: its text fitted into its frame, turned about its centre.
extension TextBox: LayerKind {
  public static let kindName = LayerKindName.text

  public var asLayer: MemeLayer { .text(self) }

  public func laidOut(_ request: LayerLayoutRequest) -> CaptionLayout {
    CaptionLayout(
      box: self,
      text: CaptionText.normalized(request.text, uppercase: style.isUppercase, locale: request.locale),
      imageWidth: request.pictureWidth, imageHeight: request.pictureHeight,
      font: FontResolver.resolve(style.fontFamily), pictureOrigin: request.pictureOrigin,
      glyphs: request.glyphs)
  }

  public var animationDelays: [Int]? { nil }

  /// The box's frame, turned as the box is, within the picture: the outline drawn around the text
  /// stays inside the box's band (`CaptionLayout`), and what reaches past the picture is cut off.
  public func touchedRect(pictureWidth: Int, pictureHeight: Int) -> ImageRect {
    frame.touchedRect(angle: angle, pictureWidth: pictureWidth, pictureHeight: pictureHeight)
  }

  public var describedText: String? { text }

  public var editing: LayerEditing {
    LayerEditing(handles: [.resize, .turn], keepsAspectRatio: false, hasText: true)
  }

  /// The meme's budget of characters and glyphs (`CaptionLimits`) bounds them.
  public static let maximumPerMeme: Int? = nil

  public static let commandLine = LayerCommandLine(
    flag: "caption", valueName: "TEXT",
    help: "A caption placed anywhere, in the --box given after it (repeatable).")

  public init(
    commandLineValue value: String, frame: RelativeRect, angle: Double, opacity: Double, style: CaptionStyle
  ) throws(LayerOptionError) {
    self.init(text: value, frame: frame, angle: angle, style: style)
  }
}
