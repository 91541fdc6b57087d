// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import Foundation
import MemeCore

/// Translates GStreamer's errors into `CameraError`s worded for the user.
nonisolated enum PipelineFailure {
  /// The error carried by an ERROR bus message.
  static func cameraError(fromErrorMessage message: UnsafeMutablePointer<GstMessage>) -> CameraError {
    var error: UnsafeMutablePointer<GError>?
    var debug: UnsafeMutablePointer<gchar>?
    gst_message_parse_error(message, &error, &debug)
    // Both out values are transfer full.
    defer {
      if let error { g_error_free(error) }
      g_free(debug)
    }
    guard let error else { return CameraError(.failed, localized("The camera failed.")) }
    return cameraError(from: error, debug: debug.map { String(cString: $0) })
  }

  static func cameraError(from error: UnsafeMutablePointer<GError>, debug: String? = nil) -> CameraError {
    let domain = error.pointee.domain
    let code = Int(error.pointee.code)
    let text = error.pointee.message.map { String(cString: $0) } ?? localized("unknown error")
    let detail = [text, debug].compactMap { $0 }.joined(separator: ": ")
    func matches(_ value: UInt32) -> Bool { code == Int(value) }

    if domain == gst_resource_error_quark() {
      if matches(GST_RESOURCE_ERROR_BUSY.rawValue) {
        return CameraError(
          .busy, localized("The camera is in use by another application. Close it and try again."),
          detail: detail)
      }
      if matches(GST_RESOURCE_ERROR_NOT_FOUND.rawValue) || matches(GST_RESOURCE_ERROR_OPEN_READ.rawValue)
        || matches(GST_RESOURCE_ERROR_OPEN_READ_WRITE.rawValue)
        || matches(GST_RESOURCE_ERROR_NOT_AUTHORIZED.rawValue)
      {
        return CameraError(.unavailable, localized("The camera could not be opened."), detail: detail)
      }
      if matches(GST_RESOURCE_ERROR_NO_SPACE_LEFT.rawValue) {
        // Only a recording writes: its file found the disk full.
        return CameraError(
          .diskFull,
          localized("The disk is full: the recording could not be saved. Free some space and try again."),
          detail: detail)
      }
      if matches(GST_RESOURCE_ERROR_READ.rawValue) {
        return CameraError(
          .disconnected, localized("The camera stopped sending pictures. Is it still plugged in?"),
          detail: detail)
      }
    }
    if domain == gst_core_error_quark(), matches(GST_CORE_ERROR_MISSING_PLUGIN.rawValue) {
      return missingPlugin(detail)
    }
    if domain == gst_parse_error_quark() {
      if matches(GST_PARSE_ERROR_NO_SUCH_ELEMENT.rawValue) { return missingPlugin(detail) }
      return CameraError(
        .invalidSource, localized("The camera source is not a valid GStreamer description."), detail: detail)
    }
    if domain == gst_stream_error_quark(), matches(GST_STREAM_ERROR_FORMAT.rawValue) {
      return CameraError(
        .failed, localized("The camera offers no picture format MemeMe can show."), detail: detail)
    }
    return CameraError(.failed, String(format: localized("The camera failed: %@"), text), detail: debug)
  }

  static func missingPlugin(_ detail: String) -> CameraError {
    CameraError(
      .missingPlugin,
      String(
        format: localized(
          "A GStreamer plugin the camera needs is missing (%@). Install gstreamer1.0-plugins-base and gstreamer1.0-plugins-good."
        ), detail),
      detail: detail)
  }
}
