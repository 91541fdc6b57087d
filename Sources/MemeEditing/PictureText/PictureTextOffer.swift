// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore
import MemeTextReading

/// The words read in the picture the editor shows, and the picture as they were read on (the
/// editor's picture cut and turned as it was then, fitted to what the reader reads): what "Use the
/// picture's text" makes its captions and hidden areas from.
public nonisolated struct PictureTextOffer: Sendable {
  public let text: PictureText
  /// The picture the words' frames are fractions of; the colours around them are taken from it.
  public let picture: RasterImage
  /// The editor's picture and transform it was read from: once either changes, the words no
  /// longer lie where it says.
  public let source: EditorImage
  public let transform: PictureTransform

  public init(text: PictureText, picture: RasterImage, source: EditorImage, transform: PictureTransform) {
    self.text = text
    self.picture = picture
    self.source = source
    self.transform = transform
  }

  /// Whether it still describes `document`'s picture as shown.
  @MainActor public func matches(_ document: EditorDocument) -> Bool {
    document.image === source && document.transform == transform
  }

  /// The picture read for the words in `image` shown through `transform`: that view of it, fitted
  /// within `PictureTextReader.longestSide` (drawn from the editor's preview, which is larger than
  /// that); nil when out of memory. Slow: call it off the main thread.
  public static func picture(of image: EditorImage, transform: PictureTransform) -> RasterImage? {
    let size = transform.outputSize(sourceWidth: image.width, sourceHeight: image.height)
    let scale = min(1, Double(PictureTextReader.longestSide) / Double(max(1, size.width, size.height)))
    return transform.render(
      image.preview, sourceWidth: image.width, sourceHeight: image.height,
      outputWidth: max(1, Int((Double(size.width) * scale).rounded())),
      outputHeight: max(1, Int((Double(size.height) * scale).rounded())))
  }
}
