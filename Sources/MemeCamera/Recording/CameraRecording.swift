// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import Foundation
import MemeCore

/// A clip being recorded from a running camera (see `CameraSession.startRecording`).
///
/// It records until `stop()` or its limit, then finishes the file (the end of the streams has to
/// reach the muxer, which writes the file's index) and reports once through `onFinish` on the main
/// loop: the file, or why there is none. `cancel()` throws the clip away without a report.
public final class CameraRecording {
  public enum State: Equatable, Sendable {
    case recording
    /// Stopped (or at its limit): the encoder and the muxer are writing out what they hold.
    case finishing
    case finished
    case failed
    case cancelled
  }

  /// The file the clip is written to (deleted when it fails or is cancelled).
  public let url: URL
  /// The clip's longest length.
  public let limit: Duration
  /// Whether the clip has sound: false when recorded silent, or no sound source could start.
  public let hasSound: Bool
  public var state: State {
    // At its limit the feed ended the streams on the streaming thread: the clip is finishing.
    phase == .recording && feed.reachedLimit ? .finishing : phase
  }
  private var phase = State.recording
  /// Called once on the main loop when the clip is complete, or failed.
  public var onFinish: ((Result<URL, CameraError>) -> Void)?

  let feed: RecordingFeed
  private let pipeline: RecordingPipeline
  private var busWatch: BusWatch?

  /// Builds and starts the encoding pipeline, with sound when the settings ask for it and its source
  /// starts; silent otherwise.
  init(url: URL, settings: RecordingSettings) throws(CameraError) {
    if let reason = settings.format.unavailableReason {
      throw CameraError(
        .missingPlugin, String(format: localized("Videos cannot be recorded: %@."), reason), detail: reason)
    }
    self.url = url
    limit = settings.limit
    pipeline = try Self.start(settings: settings, url: url)
    hasSound = pipeline.sound != nil
    feed = RecordingFeed(frames: pipeline.frames, sound: pipeline.sound, limit: settings.limit)
    let bus = pipeline.bus
    defer { gst_object_unref(bus) }
    busWatch = BusWatch(bus: bus) { [weak self] message in self?.handle(message) }
  }

  /// The pipeline playing, with sound when it can have it.
  private static func start(settings: RecordingSettings, url: URL) throws(CameraError) -> RecordingPipeline {
    if settings.soundSource != nil {
      // No microphone or sound server (or its plugin missing): the clip is recorded silent.
      if let pipeline = try? RecordingPipeline(settings: settings, url: url, withSound: true),
        (try? pipeline.play()) != nil
      {
        return pipeline
      }
      try? FileManager.default.removeItem(at: url)
    }
    let pipeline = try RecordingPipeline(settings: settings, url: url, withSound: false)
    try pipeline.play()
    return pipeline
  }

  /// How much has been recorded.
  public var elapsed: Duration { feed.elapsed }

  /// Whether the clip ended by itself at its limit.
  public var reachedLimit: Bool { feed.reachedLimit }

  /// Whether the clip is being recorded or finished: neither done nor thrown away.
  public var isActive: Bool { phase == .recording || phase == .finishing }

  /// Ends the clip; `onFinish` follows once the file is complete.
  public func stop() {
    guard phase == .recording else { return }
    phase = .finishing
    feed.end()
  }

  /// Throws the clip away: stops at once and deletes the file; `onFinish` is not called.
  public func cancel() {
    guard isActive else { return }
    phase = .cancelled
    close()
  }

  private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
    switch memecamera_message_type(message) {
    case GST_MESSAGE_EOS:
      // Both streams ended and the file sink has everything: NULL closes the file.
      guard isActive else { return }
      pipeline.stop()
      busWatch?.remove()
      if feed.hasFrames {
        phase = .finished
        onFinish?(.success(url))
      } else {
        fail(RecordingFailure.empty)
      }
    case GST_MESSAGE_ERROR:
      fail(RecordingFailure.error(fromErrorMessage: message))
    default:
      break
    }
  }

  private func fail(_ error: CameraError) {
    guard isActive else { return }
    phase = .failed
    close()
    onFinish?(.failure(error))
  }

  /// Stops everything and deletes the unfinished file.
  private func close() {
    feed.close()
    busWatch?.remove()
    pipeline.stop()
    try? FileManager.default.removeItem(at: url)
  }
}
