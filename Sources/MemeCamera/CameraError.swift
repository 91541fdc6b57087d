// SPDX-License-Identifier: GPL-3.0-or-later

/// Why the camera cannot show or take pictures, worded for the person in front of it.
public struct CameraError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    /// `MEMEME_CAMERA_SOURCE` (or a device) does not describe a working video source.
    case invalidSource
    /// A GStreamer element the pipeline needs is not installed.
    case missingPlugin
    /// Another application holds the camera.
    case busy
    /// The camera cannot be opened (gone, or no permission).
    case unavailable
    /// The camera stopped delivering pictures while running (typically unplugged).
    case disconnected
    /// A recording's file could not be written: the disk is full.
    case diskFull
    /// Anything else the pipeline reported.
    case failed
  }

  public let kind: Kind
  /// One or two sentences to show in the capture view.
  public let message: String
  /// GStreamer's own text and debug information, for logs and bug reports.
  public let detail: String?

  public init(_ kind: Kind, _ message: String, detail: String? = nil) {
    self.kind = kind
    self.message = message
    self.detail = detail
  }

  public var description: String {
    detail.map { "\(message) (\($0))" } ?? message
  }
}
