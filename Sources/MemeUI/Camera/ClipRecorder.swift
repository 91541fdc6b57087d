// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCamera
import MemeCore
import MemeEditing
import MemeVideo

/// The capture view's clips: the Record button (Stop Recording while a clip is recorded), the red
/// dot with the clip's time against its limit, and the clip's end: its file for the editor, or a
/// message.
final class ClipRecorder {
  private let button: Button
  private let indicator: Widget
  private let time: Label
  private let session: CameraSession?

  /// The longest clip (shorter in tests).
  var limit = RecordingSettings.longestClip
  /// The sound source (nil: silent clips; tests use a test tone).
  var soundSource: String? = RecordingSettings.microphone
  /// How long a stopped clip may take to be written out before it is given up: the muxer waits for
  /// both streams to end, and a stream that never ends must not leave the window waiting for ever.
  var finishingLimitMilliseconds: UInt32 = 15_000
  /// A new file for a clip with the given extension: in the cache folder, as a photo's is.
  var newFile: (String) -> URL = { CacheFolder.newFile(prefix: "camera", extension: $0) }

  /// The finished clip's file, in the app's cache folder.
  var onClip: ((URL) -> Void)?
  /// Why a clip could not start or be finished.
  var onFailure: ((CameraError) -> Void)?
  /// A clip started or ended (the shutter takes no photo meanwhile).
  var onChange: (() -> Void)?

  private(set) var recording: CameraRecording?
  private var ticker: Timeout?
  private var giveUp: Timeout?
  /// The whole seconds the indicator shows, so that its accessible name changes once a second.
  private var shownSeconds: Int64 = -1

  init(button: Button, indicator: Widget, time: Label, session: CameraSession?) {
    self.button = button
    self.indicator = indicator
    self.time = time
    self.session = session
    Signal.connect(button.widget, "clicked") { [weak self] in self?.toggle() }
    update()
  }

  /// Whether a clip is being recorded or written out.
  var isRecording: Bool { recording?.isActive == true }

  /// Whether Record can be used (the camera shows pictures).
  var isAvailable = false {
    didSet { update() }
  }

  func toggle() {
    if isRecording { stop() } else { start() }
  }

  /// Starts a clip; false when none could start (the reason went to `onFailure`).
  @discardableResult
  func start() -> Bool {
    guard let session, isAvailable, !isRecording else { return false }
    guard let format = VideoFormat.proposed else {
      let reason = VideoFormat.mp4.unavailableReason ?? ""
      onFailure?(
        CameraError(.missingPlugin, String(format: localized("Videos cannot be recorded: %@."), reason)))
      return false
    }
    let url = newFile(format.rawValue)
    let settings = RecordingSettings(limit: limit, format: format, soundSource: soundSource)
    do {
      let recording = try session.startRecording(to: url, settings: settings)
      recording.onFinish = { [weak self] result in self?.finish(result) }
      self.recording = recording
    } catch {
      onFailure?(error)
      return false
    }
    shownSeconds = -1
    tick()
    onChange?()
    return true
  }

  /// Ends the clip; the file follows once it is written out.
  func stop() {
    recording?.stop()
    update()
  }

  /// The camera failed: the session threw the clip away.
  func reset() {
    forget()
    update()
  }

  /// Forgets the clip (the session threw it away, or it ended) and stops the timers, touching no
  /// widget: the window may be being destroyed, its widgets with it.
  func forget() {
    recording = nil
    ticker?.cancel()
    giveUp?.cancel()
    giveUp = nil
  }

  private func finish(_ result: Result<URL, CameraError>) {
    forget()
    update()
    onChange?()
    switch result {
    case .success(let url): onClip?(url)
    case .failure(let error): onFailure?(error)
    }
  }

  /// Throws away a clip whose file was not written out in time.
  private func abandon(_ clip: CameraRecording) {
    guard clip === recording, clip.state == .finishing else { return }
    clip.cancel()
    finish(.failure(CameraError(.failed, localized("The clip could not be finished in time."))))
  }

  /// Shows the time four times a second, so that the seconds turn close to when they pass.
  private func tick() {
    update()
    guard let recording, recording.isActive else { return }
    // Stopped by the user or at its limit: the file is being written out, for a moment only.
    if recording.state == .finishing, giveUp == nil {
      giveUp = Timeout(milliseconds: finishingLimitMilliseconds) { [weak self] in self?.abandon(recording) }
    }
    ticker = Timeout(milliseconds: 250) { [weak self] in self?.tick() }
  }

  private func update() {
    let recording = recording.flatMap { $0.isActive ? $0 : nil }
    button.widget.isSensitive = isAvailable && recording?.state != .finishing
    let title = recording == nil ? localized("Record") : localized("Stop Recording")
    button.label = title
    // Named once, after the label (GTK 4.8 would read the label and its relation both).
    Accessible.setLabel(button.widget, title)
    if recording == nil {
      button.widget.removeCSSClass("destructive-action")
    } else {
      button.widget.addCSSClass("destructive-action")
    }
    indicator.isVisible = recording != nil
    guard let recording else { return }
    let seconds = recording.elapsed.components.seconds
    guard seconds != shownSeconds else { return }
    shownSeconds = seconds
    let elapsed = Self.clock(seconds)
    let limit = Self.clock(recording.limit.components.seconds)
    time.text = String(format: localized("%@ / %@"), elapsed, limit)
    Accessible.setLabel(time.widget, String(format: localized("Recording: %@ of %@"), elapsed, limit))
  }

  /// "0:07": minutes and seconds, as a clip's time is shown.
  static func clock(_ seconds: Int64) -> String {
    String(format: "%lld:%02lld", seconds / 60, seconds % 60)
  }
}
