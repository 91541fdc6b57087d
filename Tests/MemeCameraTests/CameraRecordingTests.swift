// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeVideo
import Testing

@testable import MemeCamera

/// Clips recorded from GStreamer's test source, read back with ffprobe.
@Suite(.serialized) struct CameraRecordingTests {
  /// A live test tone standing in for the microphone.
  let tone = "audiotestsrc is-live=true"

  @Test func recordsTheFramesAndSoundForAsLongAsItRecorded() throws {
    let take = try Take(RecordingSettings(format: .mp4, soundSource: tone))
    defer { take.end() }
    let recording = take.recording
    #expect(recording.hasSound)

    // About two seconds of the camera's time (its frames' own clock, not the test's).
    try #require(iterateMainContext(maxIterations: 5000) { recording.elapsed >= .seconds(2) })
    recording.stop()
    #expect(recording.state == .finishing)
    try #require(iterateMainContext(maxIterations: 2000) { !take.results.isEmpty })

    #expect(try take.results.first?.get() == take.url)
    #expect(recording.state == .finished)
    #expect(!recording.reachedLimit)
    let video = try #require(try ProbedVideo(take.url))
    #expect(video.errors.isEmpty, "ffprobe: \(video.errors)")
    #expect(video.container.contains("mp4"))
    #expect(abs(video.duration - 2) < 0.4, "lasts \(video.duration) s")
    let frames = try #require(video.video)
    #expect(frames.codec == "h264")
    #expect(frames.width == 160 && frames.height == 120)
    // 30 frames a second for about two seconds: most of them, not a frame or two.
    #expect((40...75).contains(frames.count), "\(frames.count) frames")
    #expect(video.audio?.codec == "aac")
    #expect((video.audio?.count ?? 0) > 0)
  }

  @Test func aClipEndsByItselfAtItsLimit() throws {
    let take = try Take(RecordingSettings(limit: .seconds(1), format: .mp4, soundSource: nil))
    defer { take.end() }
    #expect(!take.recording.hasSound)

    // Nobody stops it.
    try #require(iterateMainContext(maxIterations: 5000) { !take.results.isEmpty })
    #expect(try take.results.first?.get() == take.url)
    #expect(take.recording.reachedLimit)
    #expect(take.recording.elapsed < .seconds(1))
    let video = try #require(try ProbedVideo(take.url))
    #expect(video.errors.isEmpty, "ffprobe: \(video.errors)")
    #expect(video.duration <= 1.1, "lasts \(video.duration) s")
    #expect(video.duration >= 0.8, "lasts \(video.duration) s")
    #expect((20...31).contains(video.video?.count ?? 0), "\(video.video?.count ?? 0) frames")
    #expect(video.audio == nil)
  }

  @Test func aSoundSourceThatCannotStartLeavesTheClipSilent() throws {
    let take = try Take(
      RecordingSettings(limit: .milliseconds(500), format: .webm, soundSource: "nosuchaudiosrc"))
    defer { take.end() }
    #expect(!take.recording.hasSound)
    try #require(iterateMainContext(maxIterations: 5000) { !take.results.isEmpty })

    #expect(try take.results.first?.get() == take.url)
    let video = try #require(try ProbedVideo(take.url))
    #expect(video.errors.isEmpty, "ffprobe: \(video.errors)")
    #expect(video.container.contains("webm"))
    #expect(video.video?.codec == "vp9")
    #expect((video.video?.count ?? 0) > 0)
    #expect(video.audio == nil)
  }

  /// H.264 cannot encode an odd width or height: the clip loses the last column and row.
  @Test func framesOfAnOddSizeAreRecorded() throws {
    let take = try Take(
      RecordingSettings(limit: .milliseconds(500), format: .mp4, soundSource: nil),
      camera: "videotestsrc ! capsfilter caps=video/x-raw,width=161,height=121,framerate=30/1")
    defer { take.end() }
    try #require(iterateMainContext(maxIterations: 5000) { !take.results.isEmpty })

    #expect(try take.results.first?.get() == take.url)
    let video = try #require(try ProbedVideo(take.url))
    #expect(video.errors.isEmpty, "ffprobe: \(video.errors)")
    #expect(video.video?.width == 160 && video.video?.height == 120)
    #expect((video.video?.count ?? 0) > 0)
  }

  /// /dev/full takes the file's bytes and answers that the disk is full (through a link, so that
  /// deleting the clip's file deletes the link only).
  @Test func aFullDiskIsReportedAndTheFileGoes() throws {
    let full = Take.temporaryFile("mp4")
    try FileManager.default.createSymbolicLink(atPath: full.path, withDestinationPath: "/dev/full")
    defer { try? FileManager.default.removeItem(at: full) }
    let take = try Take(
      RecordingSettings(limit: .milliseconds(500), format: .mp4, soundSource: nil), file: full)
    defer { take.end() }
    try #require(iterateMainContext(maxIterations: 5000) { !take.results.isEmpty })

    #expect(throws: CameraError.self) { try take.results.first?.get() }
    guard case .failure(let error) = take.results.first else { return }
    #expect(error.kind == .diskFull)
    #expect(error.message.contains("disk is full"))
    #expect(take.recording.state == .failed)
    #expect(!FileManager.default.fileExists(atPath: full.path), "the link is gone")
    #expect(FileManager.default.fileExists(atPath: "/dev/full"))
    // The camera goes on showing pictures.
    #expect(take.session.isRunning)
  }

  @Test func aFileThatCannotBeOpenedIsReportedAtOnce() throws {
    let take = try Take(RecordingSettings(format: .mp4, soundSource: nil))
    defer { take.end() }
    // The camera runs; its first clip is thrown away to make room for the next.
    take.recording.cancel()
    let nowhere = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/clip.mp4")
    #expect {
      try take.session.startRecording(
        to: nowhere, settings: RecordingSettings(format: .mp4, soundSource: nil))
    } throws: { error in
      (error as? CameraError)?.message.hasPrefix("The recording failed") == true
    }
  }

  @Test func stoppingTheCameraThrowsTheClipAway() throws {
    let take = try Take(RecordingSettings(format: .mp4, soundSource: nil))
    defer { take.end() }
    let recording = take.recording
    try #require(iterateMainContext(maxIterations: 2000) { recording.elapsed >= .milliseconds(300) })
    // Recording started a file: this is what must go.
    #expect(FileManager.default.fileExists(atPath: take.url.path))

    take.session.stop()
    #expect(recording.state == .cancelled)
    #expect(!FileManager.default.fileExists(atPath: take.url.path))
    iterateMainContext(maxIterations: 50) { false }
    #expect(take.results.isEmpty)
    #expect(take.session.recording?.isActive == false)
  }

  @Test func oneClipAtATimeAndOnlyFromARunningCamera() throws {
    let stopped = CameraSession(source: Take.ball)
    #expect(throws: CameraError.self) {
      try stopped.startRecording(to: Take.temporaryFile("mp4"), settings: RecordingSettings(format: .mp4))
    }
    let take = try Take(RecordingSettings(format: .mp4, soundSource: nil))
    defer { take.end() }
    #expect(throws: CameraError.self) {
      try take.session.startRecording(
        to: Take.temporaryFile("mp4"), settings: RecordingSettings(format: .mp4))
    }
    take.recording.cancel()
    #expect(!FileManager.default.fileExists(atPath: take.url.path))
  }
}

/// A clip being recorded from a moving test picture into a temporary file, and what it reported.
private final class Take {
  static let ball = CameraSource.custom(
    description: "videotestsrc pattern=ball ! capsfilter caps=video/x-raw,width=160,height=120,framerate=30/1"
  )

  let session: CameraSession
  let url: URL
  let recording: CameraRecording
  private(set) var results: [Result<URL, CameraError>] = []

  /// Starts the camera (the ball, or the source `camera` describes) and, once it shows frames, a
  /// clip recorded with `settings` into `file` (a new temporary file by default).
  init(_ settings: RecordingSettings, camera: String? = nil, file: URL? = nil) throws {
    session = CameraSession(source: camera.map { .custom(description: $0) } ?? Self.ball)
    var frames = 0
    session.onFrame = { _ in frames += 1 }
    try session.start()
    try #require(iterateMainContext { frames > 0 })
    url = file ?? Self.temporaryFile(settings.format.rawValue)
    recording = try session.startRecording(to: url, settings: settings)
    recording.onFinish = { [unowned self] in results.append($0) }
  }

  /// Stops the camera and deletes the clip's file.
  func end() {
    session.stop()
    try? FileManager.default.removeItem(at: url)
  }

  static func temporaryFile(_ fileExtension: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "clip-\(UUID().uuidString).\(fileExtension)")
  }
}
