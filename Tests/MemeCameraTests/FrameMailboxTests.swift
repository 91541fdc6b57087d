// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore
import Testing

@testable import MemeCamera

@Suite(.serialized) struct FrameMailboxTests {
  let frames = (0..<5).compactMap { _ in RasterImage(width: 2, height: 2, hasAlpha: false) }

  @Test func framesArrivingFasterThanTheLoopAreCoalesced() throws {
    try #require(frames.count == 5)
    var delivered: [RasterImage] = []
    let mailbox = FrameMailbox { delivered.append($0) }

    // Five frames arrive before the main loop gets to run once, as when the UI is busy.
    frames.forEach(mailbox.post)
    iterateMainContext(maxIterations: 20) { false }

    // One delivery of the newest frame: nothing queued behind it.
    #expect(delivered.count == 1)
    #expect(delivered.first === frames.last)
    #expect(mailbox.latest === frames.last)

    mailbox.post(frames[0])
    iterateMainContext(maxIterations: 20) { false }
    #expect(delivered.count == 2)
    #expect(delivered.last === frames[0])
  }

  @Test func closedMailboxDeliversNothing() throws {
    try #require(frames.count == 5)
    var delivered: [RasterImage] = []
    let mailbox = FrameMailbox { delivered.append($0) }
    mailbox.post(frames[0])
    // Closing after a delivery was scheduled: the scheduled callback must find nothing to do.
    mailbox.close()
    mailbox.post(frames[1])
    iterateMainContext(maxIterations: 20) { false }
    #expect(delivered.isEmpty)
    #expect(mailbox.latest === frames[0])
  }

  @Test func convertedFramesAreOpaque() throws {
    let image = try #require(RasterImage(width: 3, height: 2, hasAlpha: false))
    // BGRx rows with a zero "x" byte and padding at the end of each row (stride 16 for 3 pixels).
    var source = [UInt8](repeating: 0, count: 32)
    for row in 0..<2 {
      for column in 0..<3 {
        let offset = row * 16 + column * 4
        source[offset] = 10  // blue
        source[offset + 1] = 20  // green
        source[offset + 2] = UInt8(100 + row * 3 + column)  // red
      }
    }
    source.withUnsafeBytes {
      FrameConversion.copyOpaque(from: $0.baseAddress!, sourceStride: 16, to: image, width: 3, height: 2)
    }
    for row in 0..<2 {
      for column in 0..<3 {
        let color = image.color(atX: column, y: row)
        #expect(color.alpha == 1)
        #expect(Int((color.red * 255).rounded()) == 100 + row * 3 + column)
        #expect(Int((color.green * 255).rounded()) == 20)
        #expect(Int((color.blue * 255).rounded()) == 10)
      }
    }
  }
}
