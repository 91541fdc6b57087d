// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import Foundation
import MemeCore
import Testing

@testable import MemeCamera

@Suite(.serialized) struct CameraSessionTests {
  /// A moving test picture at a size the tests can check.
  let ball = CameraSource.custom(
    description: "videotestsrc pattern=ball ! capsfilter caps=video/x-raw,width=160,height=120,framerate=30/1"
  )

  @Test func previewDeliversChangingFrames() throws {
    let session = CameraSession(source: ball)
    var frames: [RasterImage] = []
    session.onFrame = { frames.append($0) }
    try session.start()
    defer { session.stop() }

    let changed = iterateMainContext {
      frames.count >= 2 && !samePixels(frames.first!, frames.last!)
    }
    #expect(changed, "got \(frames.count) frames, none differing from the first")
    #expect(frames.allSatisfy { $0.width == 160 && $0.height == 120 && !$0.hasAlpha })
    // BGRx has no alpha: the copy must make every pixel opaque for Cairo.
    let frame = try #require(frames.last)
    #expect(frame.color(atX: 0, y: 0).alpha == 1)
    #expect(frame.color(atX: 80, y: 60).alpha == 1)
  }

  /// The photo is the frame the preview shows: taken as a frame is shown, it has that frame's
  /// pixels. (The streaming thread may put a newer frame in between now and then, 33 ms apart, so
  /// one match in the first ten frames is asked for; the ball moves, so frames differ.)
  @Test func photoIsLatestFrameAtCapsSize() throws {
    let session = CameraSession(source: ball)
    var shown: [(frame: RasterImage, photo: RasterImage?)] = []
    session.onFrame = { frame in shown.append((frame, session.takePhoto())) }
    #expect(session.takePhoto() == nil)
    try session.start()
    defer { session.stop() }
    try #require(iterateMainContext { shown.count >= 10 })

    let photo = try #require(session.takePhoto())
    #expect(photo.width == 160 && photo.height == 120)
    let matching = shown.filter { pair in pair.photo.map { samePixels($0, pair.frame) } ?? false }
    #expect(!matching.isEmpty, "no photo had the pixels of the frame shown as it was taken")
    #expect(!samePixels(shown.first!.frame, shown.last!.frame), "the frames moved")
  }

  @Test func stopReleasesThePipeline() throws {
    let session = CameraSession(source: ball)
    var frameCount = 0
    session.onFrame = { _ in frameCount += 1 }
    try session.start()
    // The first frames can reach the sink before the pipeline as a whole reports PLAYING.
    try #require(iterateMainContext { frameCount > 0 && session.pipelineState == .playing })
    #expect(session.isRunning)

    session.stop()
    #expect(!session.isRunning)
    #expect(session.pipelineState == .null)
    // No frame is delivered after stop, even one that was already scheduled.
    let countAtStop = frameCount
    iterateMainContext(maxIterations: 20) { false }
    #expect(frameCount == countAtStop)
    // The last picture is still there to keep.
    #expect(session.takePhoto() != nil)
  }

  @Test func invalidDescriptionThrows() {
    let session = CameraSession(source: .custom(description: "videotestsrc ! ! ! pattern="))
    #expect {
      try session.start()
    } throws: { error in
      (error as? CameraError)?.kind == .invalidSource
    }
    #expect(!session.isRunning)
  }

  @Test func unknownElementIsAMissingPlugin() {
    let session = CameraSession(source: .custom(description: "nosuchcamerasrc"))
    #expect {
      try session.start()
    } throws: { error in
      (error as? CameraError)?.kind == .missingPlugin
    }
  }

  @Test func sourceWithoutVideoOutputThrows() {
    let session = CameraSession(source: .custom(description: "fakesink"))
    #expect {
      try session.start()
    } throws: { error in
      (error as? CameraError)?.kind == .invalidSource
    }
  }

  @Test func endOfStreamIsReportedAsError() throws {
    let session = CameraSession(
      source: .custom(
        description: "videotestsrc num-buffers=2 ! capsfilter caps=video/x-raw,width=32,height=24"))
    var errors: [CameraError] = []
    session.onError = { errors.append($0) }
    try session.start()
    #expect(iterateMainContext { !errors.isEmpty })
    #expect(errors.map(\.kind) == [.disconnected])
    #expect(!session.isRunning)
    #expect(session.pipelineState == .null)
  }

  @Test func pipelineFailureWhileRunningIsReported() throws {
    // A source that cannot produce BGRx for the sink: negotiation fails once data flows.
    let session = CameraSession(source: .custom(description: "audiotestsrc"))
    var errors: [CameraError] = []
    session.onError = { errors.append($0) }
    do {
      try session.start()
      #expect(iterateMainContext { !errors.isEmpty })
      #expect(errors.count == 1)
    } catch {
      // Linking may already refuse it; either way it is an error, not a crash.
      #expect(error.kind == .invalidSource)
    }
    #expect(!session.isRunning)
  }
}

/// Whether two frames hold the same pixels.
private func samePixels(_ first: RasterImage, _ second: RasterImage) -> Bool {
  guard first.width == second.width, first.height == second.height, first.stride == second.stride else {
    return false
  }
  return memcmp(first.pixels, second.pixels, first.stride * first.height) == 0
}
