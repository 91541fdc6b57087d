// SPDX-License-Identifier: GPL-3.0-or-later
internal import CMemeGStreamer
import Foundation
import MemeCore

/// Encodes a sticker's frames, at a constant rate, into a WebM with VP9 and its alpha channel, no
/// sound (`meme_sticker_video.c`, FFmpeg's libvpx encoder).
final class StickerVideoEncoder {
  private let video: OpaquePointer
  let name: String

  /// A WebM at `url` of `width` × `height` frames, `frameRate` a second, at `bitrate` bits a second.
  init(writingTo url: URL, width: Int, height: Int, frameRate: Int, bitrate: Int, name: String)
    throws(ImageError)
  {
    self.name = name
    var error: UnsafeMutablePointer<CChar>?
    guard
      let opened = meme_sticker_video_open(
        url.path, Int32(width), Int32(height), Int32(frameRate), Int32(clamping: bitrate), &error)
    else {
      throw ImageError(
        path: name, kind: .writeFailed,
        reason: takeErrorText(error, fallback: localized("the encoder could not start")))
    }
    video = opened
  }

  deinit { meme_sticker_video_close(video) }

  /// Encodes `frame`, of the video's size, as the next.
  func add(_ frame: RasterImage) throws(ImageError) {
    frame.flush()
    var error: UnsafeMutablePointer<CChar>?
    guard meme_sticker_video_push(video, frame.pixels, Int32(frame.stride), &error) else {
      throw ImageError(
        path: name, kind: .writeFailed,
        reason: takeErrorText(error, fallback: localized("the encoder stopped")))
    }
  }

  func finish() throws(ImageError) {
    var error: UnsafeMutablePointer<CChar>?
    guard meme_sticker_video_finish(video, &error) else {
      throw ImageError(
        path: name, kind: .writeFailed,
        reason: takeErrorText(error, fallback: localized("the encoder stopped")))
    }
  }
}
