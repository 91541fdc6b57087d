// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import MemeCore

/// Words a recording's failures for the person recording: an encoder's or the microphone's
/// problems are not the camera's.
nonisolated enum RecordingFailure {
  /// The error carried by an ERROR bus message of the recording's pipeline.
  static func error(fromErrorMessage message: UnsafeMutablePointer<GstMessage>) -> CameraError {
    let failure = PipelineFailure.cameraError(fromErrorMessage: message)
    switch failure.kind {
    case .diskFull, .missingPlugin: return failure
    default:
      let reason =
        failure.detail.map { $0.split(separator: ":").first.map(String.init) ?? $0 } ?? failure.message
      return CameraError(
        .failed, String(format: localized("The recording failed: %@"), reason), detail: failure.detail)
    }
  }

  /// A recording stopped before the camera sent a single frame.
  static let empty = CameraError(.failed, localized("The recording stopped before it had any pictures."))
}
