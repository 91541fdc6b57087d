// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import Foundation
import MemeCore

/// The GStreamer pipeline of a capture session: `<source> ! videoconvert ! <Cairo-ordered raw> !
/// appsink`, and the C resources it owns.
///
/// Not main-actor bound: the pipeline stops from whatever context drops it, and the app sink's
/// callback runs on GStreamer's streaming thread.
nonisolated final class CapturePipeline {
  private let pipeline: OwnedPipeline
  private var element: UnsafeMutablePointer<GstElement> { pipeline.element }

  /// Builds the pipeline in the NULL state; frames go to `outputs` once it plays.
  init(source: CameraSource, outputs: CaptureOutputs) throws(CameraError) {
    let sourceElement = try Self.makeSourceElement(source)
    guard let convert = gst_element_factory_make("videoconvert", nil) else {
      Self.discard(sourceElement)
      throw PipelineFailure.missingPlugin("no element \"videoconvert\"")
    }
    guard let sinkElement = gst_element_factory_make("appsink", "preview") else {
      Self.discard(sourceElement)
      Self.discard(convert)
      throw PipelineFailure.missingPlugin("no element \"appsink\"")
    }
    // gst_pipeline_new returns a floating reference, which the owner sinks.
    pipeline = OwnedPipeline(sinking: memecamera_element(gst_pipeline_new("camera")))
    // The bin sinks the floating references of its children: from here on unreffing the pipeline
    // frees everything.
    for child in [sourceElement, convert, sinkElement] {
      gst_bin_add(memecamera_bin(element), child)
    }
    Self.configure(sink: memecamera_app_sink(sinkElement), outputs: outputs)
    guard gst_element_link(sourceElement, convert) != 0, gst_element_link(convert, sinkElement) != 0 else {
      throw CameraError(
        .invalidSource,
        String(format: localized("The camera source “%@” does not produce video."), source.displayName),
        detail: "could not link the source to videoconvert ! appsink")
    }
  }

  var bus: UnsafeMutablePointer<GstBus> { pipeline.bus }

  var state: PipelineState { pipeline.state }

  /// Starts playing. Errors that happen synchronously (device missing or busy on open) are
  /// thrown; later ones arrive on the bus.
  func play() throws(CameraError) {
    try pipeline.play(
      word: PipelineFailure.cameraError(fromErrorMessage:),
      otherwise: CameraError(.failed, localized("The camera could not be started.")))
  }

  /// Stops the pipeline and closes the device. Returns when the streaming threads have stopped.
  func stop() {
    pipeline.stop()
  }

  private static func makeSourceElement(_ source: CameraSource) throws(CameraError)
    -> UnsafeMutablePointer<GstElement>
  {
    switch source {
    case .device(let device):
      guard let element = device.makeElement() else {
        throw CameraError(
          .unavailable, String(format: localized("The camera “%@” could not be opened."), device.displayName))
      }
      return element
    case .custom(let description):
      var error: UnsafeMutablePointer<GError>?
      // Ghosting the unlinked source pad makes the description's bin behave as one source element.
      let bin = gst_parse_bin_from_description(description, 1, &error)
      if let error {
        // A bin may come back together with a (recoverable) error; treat both as failure.
        defer { g_error_free(error) }
        if let bin { discard(bin) }
        let failure = PipelineFailure.cameraError(from: error)
        throw failure.kind == .missingPlugin
          ? failure
          : CameraError(
            .invalidSource,
            String(
              format: localized("The camera source “%@” is not a valid GStreamer description."), description),
            detail: failure.detail)
      }
      guard let bin else {
        throw CameraError(
          .invalidSource, String(format: localized("The camera source “%@” is empty."), description))
      }
      return bin
    }
  }

  /// Frees an element that never joined the pipeline (its reference is still floating).
  private static func discard(_ element: UnsafeMutablePointer<GstElement>) {
    gst_object_unref(gst_object_ref_sink(element))
  }

  private static func configure(sink: UnsafeMutablePointer<GstAppSink>, outputs: CaptureOutputs) {
    let caps = gst_caps_from_string(FrameConversion.caps)
    gst_app_sink_set_caps(sink, caps)
    gst_caps_unref(caps)
    // Keep one frame at most inside the sink as well: a slow consumer drops old frames instead of
    // stalling the camera or buffering without bound.
    gst_app_sink_set_max_buffers(sink, 1)
    gst_app_sink_set_drop(sink, 1)
    // The callback runs on the streaming thread; it only hands the frame to the outputs, which are
    // Sendable. The sink holds them until the callbacks are replaced or it is finalised.
    memecamera_app_sink_on_sample(
      sink,
      { sink, data in
        guard let sample = gst_app_sink_pull_sample(sink) else { return GST_FLOW_FLUSHING }
        defer { gst_sample_unref(sample) }
        ClosureBox<CaptureOutputs>.unretained(data).payload.deliver(sample)
        return GST_FLOW_OK
      }, ClosureBox(outputs).retainedPointer(), releaseClosureBoxPointer)
  }
}

/// A pipeline's state, as tests and diagnostics see it.
enum PipelineState: Equatable, Sendable {
  case null, ready, paused, playing, changing

  nonisolated init(_ state: GstState) {
    switch state {
    case GST_STATE_NULL: self = .null
    case GST_STATE_READY: self = .ready
    case GST_STATE_PAUSED: self = .paused
    case GST_STATE_PLAYING: self = .playing
    default: self = .changing
    }
  }
}
