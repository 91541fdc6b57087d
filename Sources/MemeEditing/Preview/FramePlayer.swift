// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// What plays on a canvas, frame after frame: an animated picture (`AnimationPlayer`), or a still
/// picture whose animated stickers make the meme move (`LayerAnimationPlayer`). The canvas's timer
/// calls `advance()` after `delay` and draws `frame` (nil: the picture itself) with the layers as at
/// `time`.
public protocol FramePlayer: AnyObject {
  var frameCount: Int { get }
  /// The index of the frame shown, from 0.
  var frameIndex: Int { get }
  /// The picture's frame shown, at the picture's full size; nil when the picture is still.
  var frame: RasterImage? { get }
  /// The moment of the meme's animation the frame shown starts at, in milliseconds: the layers (an
  /// animated sticker's frames) are drawn as at that moment, as the export draws them.
  var time: Int { get }
  /// How long the frame shown stays, in milliseconds.
  var delay: Int { get }
  /// Whether the frame shown is the last of the last play: it stays.
  var isAtTheEnd: Bool { get }
  /// Shows the next frame, or the first after the last.
  func advance() throws(ImageError)
  /// Shows the first frame, to play all the plays again.
  func startOver() throws(ImageError)
  /// Shows frame `index` (stepping by hand).
  func seek(toFrame index: Int) throws(ImageError)
}

/// A still picture under animated layers: the meme's frames are the layers' timeline (the longest
/// animated sticker's, as the export writes them), played for ever as animated stickers are, and
/// every frame shows the picture itself.
public final class LayerAnimationPlayer: FramePlayer {
  /// Each frame's delay, in milliseconds.
  public let delays: [Int]
  public private(set) var frameIndex = 0
  public var frameCount: Int { delays.count }
  public var frame: RasterImage? { nil }
  public var delay: Int { delays[frameIndex] }
  public var time: Int { delays[..<frameIndex].reduce(0, +) }
  public var isAtTheEnd: Bool { false }

  /// Nil when no layer of `captions` is animated.
  public init?(_ captions: MemeCaptions) {
    guard let delays = captions.layerTimelineDelays, !delays.isEmpty else { return nil }
    self.delays = delays
  }

  public func advance() { frameIndex = (frameIndex + 1) % delays.count }
  public func startOver() { frameIndex = 0 }
  public func seek(toFrame index: Int) { frameIndex = min(max(index, 0), delays.count - 1) }
}
