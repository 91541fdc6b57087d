// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A sticker as a layer: its picture drawn into its frame, turned, flipped and at its opacity.
extension StickerLayer: LayerKind {
  public static let kindName = LayerKindName.sticker

  public var asLayer: MemeLayer { .sticker(self) }

  /// Laid out from the picture decoded once (`StickerPictures`): a sticker dragged in the editor is
  /// laid out for every move, and is not read again. A picture that cannot be read draws nothing
  /// (the editor and the command line refuse it when it is added).
  public func laidOut(_ request: LayerLayoutRequest) -> CaptionLayout {
    let picture = try? StickerPictures.shared.picture(of: source)
    var place = frame.clampedToAllowed.pixels(width: request.pictureWidth, height: request.pictureHeight)
    place.x += request.pictureOrigin.0
    place.y += request.pictureOrigin.1
    // Beside a band or in a frame, what reaches past the picture is cut off at the picture, as a
    // text box's text is.
    let clip =
      request.pictureOrigin == (0, 0)
      ? nil
      : ImageRect(
        x: request.pictureOrigin.0, y: request.pictureOrigin.1, width: Double(request.pictureWidth),
        height: Double(request.pictureHeight))
    return CaptionLayout(
      drawing: picture.map {
        PictureDrawing(
          $0.frame(atMilliseconds: request.time), place: place, angle: drawnRadians, opacity: drawnOpacity,
          isFlipped: isFlipped, clip: clip)
      }, place: place)
  }

  /// An animated GIF or WebP shows the frame of each moment.
  public var animationDelays: [Int]? {
    guard let picture = try? StickerPictures.shared.picture(of: source), picture.isAnimated else {
      return nil
    }
    return picture.delays
  }

  public func touchedRect(pictureWidth: Int, pictureHeight: Int) -> ImageRect {
    frame.touchedRect(angle: angle, pictureWidth: pictureWidth, pictureHeight: pictureHeight)
  }

  public var describedText: String? { String(format: localized("Sticker: %@"), source.name) }

  public var editing: LayerEditing {
    LayerEditing(handles: [.resize, .turn], keepsAspectRatio: true, hasText: false)
  }

  public static var maximumPerMeme: Int? { maximumCount }

  public static let commandLine = LayerCommandLine(
    flag: "sticker", valueName: "FILE",
    help:
      "A picture (PNG, WebP, GIF, SVG or JPEG) or emoji:😎 placed in the --box given after it, at "
      + "--opacity (repeatable).",
    takesOpacity: true)

  /// `FILE`, or `emoji:` and one emoji; the picture is read now, so a file that cannot be read is
  /// refused before anything is drawn.
  public init(
    commandLineValue value: String, frame: RelativeRect, angle: Double, opacity: Double, style: CaptionStyle
  ) throws(LayerOptionError) {
    let source: StickerSource
    if value.hasPrefix(Self.emojiPrefix) {
      let emoji = String(value.dropFirst(Self.emojiPrefix.count))
      guard EmojiPicture.isOneEmoji(emoji) else {
        throw LayerOptionError("\(Self.emojiPrefix) must be followed by one emoji")
      }
      source = .emoji(emoji)
    } else {
      guard !value.isEmpty else { throw LayerOptionError("needs a picture file or emoji:EMOJI") }
      source = .picture(StickerPicture(path: URL(fileURLWithPath: value).path))
    }
    do {
      _ = try StickerPictures.shared.picture(of: source)
    } catch {
      throw LayerOptionError(error.description)
    }
    self.init(source: source, frame: frame, angle: angle, opacity: opacity)
  }

  /// What starts a `--sticker` value that is an emoji rather than a file (a file of that name is
  /// given as `./emoji:…`).
  public static let emojiPrefix = "emoji:"
}
