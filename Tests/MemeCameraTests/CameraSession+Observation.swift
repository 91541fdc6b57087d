// SPDX-License-Identifier: GPL-3.0-or-later
@testable import MemeCamera

// What the session tests observe of the capture pipeline.
extension CameraSession {
  /// The pipeline's current state (nil before `start`).
  var pipelineState: PipelineState? { pipeline?.state }
}
