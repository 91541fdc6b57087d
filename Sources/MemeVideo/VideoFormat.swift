// SPDX-License-Identifier: GPL-3.0-or-later
internal import CMemeGStreamer
import Foundation
import MemeCore

/// The video files MemeMe writes.
public enum VideoFormat: String, Sendable, CaseIterable {
  /// H.264 and AAC, the index first, so that chat previews play while it downloads.
  case mp4
  /// VP9 and Opus.
  case webm

  /// The format a file name's extension asks for, nil for another.
  public init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "mp4", "m4v": self = .mp4
    case "webm": self = .webm
    default: return nil
    }
  }

  var codecs: MemeVideoCodecs { self == .mp4 ? MEME_VIDEO_H264_AAC : MEME_VIDEO_VP9_OPUS }

  /// The GStreamer elements it is encoded with, and the Debian package of each: without any of
  /// them the format is not offered.
  var encoders: [(element: String, package: String)] {
    switch self {
    case .mp4:
      [
        ("x264enc", "gstreamer1.0-plugins-ugly"), ("avenc_aac", "gstreamer1.0-libav"),
        ("h264parse", "gstreamer1.0-plugins-bad"), ("aacparse", "gstreamer1.0-plugins-good"),
      ]
    case .webm: [("vp9enc", "gstreamer1.0-plugins-good"), ("opusenc", "gstreamer1.0-plugins-base")]
    }
  }

  public var mimeType: String { self == .mp4 ? "video/mp4" : "video/webm" }

  /// The format a video share proposes: MP4, which every chat plays, or WebM when MP4's encoders
  /// are missing and WebM's are not; nil when neither can be written.
  public static var proposed: VideoFormat? { allCases.first { $0.unavailableReason == nil } }

  /// Its name as people know it.
  public var displayName: String { self == .mp4 ? "MP4" : "WebM" }

  /// The sound codecs (as FFmpeg names them) the container takes as they are.
  var keptAudioCodecs: Set<String> { self == .mp4 ? ["aac", "mp3", "alac"] : ["opus", "vorbis"] }

  /// Nil when it can be written; else why not, in one line: the missing encoders and their packages.
  public var unavailableReason: String? {
    guard meme_video_initialize() else { return localized("GStreamer is not installed") }
    let missing = encoders.filter { !meme_video_has_element($0.element) }
    guard !missing.isEmpty else { return nil }
    return String(
      format: localized("%@ needs %@, which %@ installs"), displayName,
      missing.map(\.element).joined(separator: ", "),
      Set(missing.map(\.package)).sorted().joined(separator: ", "))
  }
}
