// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeVideo

/// Stage 1 of `SharePipeline`: what is shared, frozen when the share starts, so that edits made while
/// it is exported do not leak into it.
public nonisolated struct ShareSnapshot: Sendable, MemeContentHolder {
  /// The captions, layers, picture transform and description being shared.
  public var content: MemeContent
  public let picture: EditorImage

  public init(
    captions: MemeCaptions, picture: EditorImage, transform: PictureTransform,
    customDescription: String? = nil
  ) {
    self.init(
      content: MemeContent(captions: captions, transform: transform, customDescription: customDescription),
      picture: picture)
  }

  public init(content: MemeContent, picture: EditorImage) {
    self.content = content
    self.picture = picture
    panelsAnimate = Self.animates(content.panels)
  }

  /// Whether a panel meme's cells hold an animated picture: its share plays them (read from the
  /// files when the share starts; the editor's sheet is their first frames).
  public let panelsAnimate: Bool

  private static func animates(_ grid: PanelGrid?) -> Bool {
    grid?.cells.contains { cell in
      cell.picture.flatMap { AnimationReader.info(ofImageAt: $0)?.isAnimated } == true
    } ?? false
  }

  /// Where a still share's picture comes from: the editor's decoded picture, or for a panel meme
  /// its cells' files, drawn again at the export's own size (the editor shows a smaller sheet).
  public var stillSource: StillSource {
    content.panels.map { .panels($0, loader: ImageLoader()) } ?? .decoded(picture.full, photo: picture.url)
  }

  /// What the shared file carries as its description (alt text): the user's, or the captions'
  /// default.
  public var resolvedDescription: String { content.resolvedDescription }

  /// The format Open With and Send by E-mail hand over: JPEG for a JPEG photo shown as it is (so its
  /// blocks are kept), PNG otherwise.
  public static func handOverFormat(for picture: EditorImage, transform: PictureTransform) -> ImageFormat {
    let isJPEG = ["jpg", "jpeg"].contains(picture.url.pathExtension.lowercased())
    return isJPEG && transform.isIdentity ? .jpeg(quality: ImageFormat.defaultJPEGQuality) : .png
  }

  /// Whether the meme moves: its picture is animated, an animated sticker is on it, or a panel
  /// meme's cell is animated.
  public var isAnimated: Bool { picture.isAnimated || content.captions.hasAnimatedLayers || panelsAnimate }

  /// The animation format matching an animated picture's own file (GIF, or lossy WebP for a WebP),
  /// or GIF for animated stickers on a still picture, which Save As proposes and Open With and Send
  /// by E-mail hand over; nil for a meme that does not move.
  public var sourceAnimationFormat: AnimationFormat? {
    picture.animationFormat ?? (content.captions.hasAnimatedLayers || panelsAnimate ? .gif : nil)
  }

  /// The format Open With and Send by E-mail hand over: the animation in its own kind, else
  /// `handOverFormat(for:transform:)`.
  public var handOverShareFormat: ShareFormat {
    if picture.isVideo, let video = VideoFormat.proposed { return .video(video) }
    return sourceAnimationFormat.map { .animated($0) }
      ?? .still(Self.handOverFormat(for: picture, transform: content.transform))
  }

  /// The format Save As proposes: a video as MP4 (WebM without MP4's encoders), the animation in
  /// its own kind, else PNG.
  public var proposedSaveFormat: ShareFormat {
    if let video = proposedVideoFormat { return .video(video) }
    return sourceAnimationFormat.map { .animated($0) } ?? .still(.png)
  }

  /// The video format a video's shares propose; nil for a picture, or when no video format can be
  /// written (then a video is shared as its first frame).
  public var proposedVideoFormat: VideoFormat? { picture.isVideo ? VideoFormat.proposed : nil }

  /// Whether a video meme may be saved as a GIF or WebP: its kept clip is short enough.
  public var offersVideoAnimation: Bool {
    picture.video.map { VideoAnimationExporter.allows(videoLasting: $0.duration, timing: content.timing) }
      ?? false
  }

  /// What the meme's file is called, without the extension (see `MemeFileName`).
  public var name: String { MemeFileName.base(picture: picture.url, captions: content.captions) }

  /// A file name for this meme in `format`: `name` with its extension.
  public func suggestedName(format: ImageFormat = .png) -> String {
    "\(name).\(format.fileExtension)"
  }

  /// A file name for this meme in `format`.
  public func suggestedName(for format: ShareFormat) -> String {
    "\(name).\(format.fileExtension)"
  }
}
