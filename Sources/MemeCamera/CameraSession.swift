// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import Foundation
import MemeCore

/// A running camera: preview frames on the main loop, a photo on demand, errors as messages.
///
/// Frames are converted on GStreamer's streaming thread and reach `onFrame` through the GLib main
/// loop, at most one in flight (older ones are dropped when the UI is busy). `onError` is called at
/// most once per start, after the session has already stopped itself.
public final class CameraSession {
  public let source: CameraSource

  /// Called on the main loop with each preview frame (full resolution, opaque).
  public var onFrame: ((RasterImage) -> Void)?
  /// Called on the main loop when the camera fails while running (busy, unplugged, broken pipeline).
  public var onError: ((CameraError) -> Void)?

  public private(set) var isRunning = false

  private(set) var pipeline: CapturePipeline?
  private var busWatch: BusWatch?
  private var outputs: CaptureOutputs?
  /// The clip being recorded, if any.
  public private(set) var recording: CameraRecording?

  public init(source: CameraSource) {
    self.source = source
  }

  /// Builds the pipeline and starts the camera. Problems found while starting (invalid source,
  /// missing plugin, device busy or missing) are thrown; later ones go to `onError`.
  public func start() throws(CameraError) {
    guard !isRunning else { return }
    guard GStreamer.initialize() else {
      throw CameraError(.failed, localized("GStreamer could not be initialised."))
    }
    let outputs = CaptureOutputs(mailbox: FrameMailbox { [weak self] frame in self?.onFrame?(frame) })
    let pipeline = try CapturePipeline(source: source, outputs: outputs)
    let bus = pipeline.bus
    defer { gst_object_unref(bus) }
    busWatch = BusWatch(bus: bus) { [weak self] message in self?.handle(message) }
    self.outputs = outputs
    self.pipeline = pipeline
    do {
      try pipeline.play()
    } catch {
      stop()
      throw error
    }
    isRunning = true
  }

  /// The newest full-resolution frame, or nil before the first one arrived.
  public func takePhoto() -> RasterImage? {
    outputs?.mailbox.latest
  }

  /// Starts recording a clip into `url` from the next frame on. The recording ends with `stop()`,
  /// at its limit, or is thrown away when the session stops first. Throws when the session is not
  /// running, a clip is already being recorded, or the encoders are missing or cannot start.
  public func startRecording(to url: URL, settings: RecordingSettings) throws(CameraError) -> CameraRecording
  {
    guard isRunning, let outputs else {
      throw CameraError(.failed, localized("The camera is not running."))
    }
    guard recording?.isActive != true else {
      throw CameraError(.failed, localized("A clip is being recorded already."))
    }
    var settings = settings
    settings.frameSize = outputs.mailbox.latest.map { ($0.width, $0.height) }
    let recording = try CameraRecording(url: url, settings: settings)
    self.recording = recording
    outputs.record(into: recording.feed)
    return recording
  }

  /// Stops the pipeline and releases the camera device; a clip being recorded is thrown away. The
  /// last frame stays available to `takePhoto()`. Safe to call more than once.
  public func stop() {
    outputs?.record(into: nil)
    recording?.cancel()
    outputs?.mailbox.close()
    busWatch?.remove()
    busWatch = nil
    // Setting NULL closes the device and waits for the streaming thread, so no frame arrives after.
    pipeline?.stop()
    isRunning = false
  }

  private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
    switch memecamera_message_type(message) {
    case GST_MESSAGE_ERROR:
      fail(PipelineFailure.cameraError(fromErrorMessage: message))
    case GST_MESSAGE_EOS:
      fail(CameraError(.disconnected, localized("The camera stopped sending pictures.")))
    default:
      break
    }
  }

  private func fail(_ error: CameraError) {
    guard isRunning else { return }
    stop()
    onError?(error)
  }
}
