// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import MemeCore

/// A GStreamer pipeline (the camera's or a recording's) owned by one Swift object: set to NULL,
/// which stops its streaming threads and closes its devices and files, before it is freed.
///
/// Not main-actor bound: its deinit stops the pipeline from whatever context drops it.
nonisolated final class OwnedPipeline {
  /// `GstPipeline *` as an element, one (sunk) reference owned here.
  let element: UnsafeMutablePointer<GstElement>

  /// Takes over `pipeline`, sinking its floating reference.
  init(sinking pipeline: UnsafeMutablePointer<GstElement>) {
    element = memecamera_element(gst_object_ref_sink(pipeline))
  }

  deinit {
    // NULL stops the streaming threads (synchronously) before the elements are freed.
    gst_element_set_state(element, GST_STATE_NULL)
    gst_object_unref(element)
  }

  /// A new reference to the pipeline's bus.
  var bus: UnsafeMutablePointer<GstBus> { gst_element_get_bus(element) }

  var state: PipelineState { PipelineState(memecamera_current_state(element)) }

  /// Starts playing. When it refuses at once (a device missing or busy, no sound server), it goes
  /// back to NULL and the error its failing element posted is thrown, worded by `word`, or
  /// `otherwise` when none was posted. Later errors arrive on the bus.
  func play(
    word: (UnsafeMutablePointer<GstMessage>) -> CameraError, otherwise: @autoclosure () -> CameraError
  ) throws(CameraError) {
    guard gst_element_set_state(element, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE else { return }
    let bus = self.bus
    defer { gst_object_unref(bus) }
    // The element that failed posted an ERROR message with the reason before returning.
    let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR)
    defer { if let message { gst_message_unref(message) } }
    stop()
    throw message.map(word) ?? otherwise()
  }

  /// Stops the pipeline; returns when its streaming threads have stopped and its devices and files
  /// are closed.
  func stop() {
    gst_element_set_state(element, GST_STATE_NULL)
  }
}
