// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore
import PictureChecks
import Testing

@testable import MemeEditing

/// How many times the player plays an animation: as many as its file says, then it is at its end
/// on the last frame, unless the file says for ever.
@Suite struct AnimationPlayerTests {
  private static let frames = AnimationSamples.delays.count

  /// The frames `player` shows from its first until it is at its end, at most `limit` of them.
  private static func framesToTheEnd(of player: AnimationPlayer, limit: Int = 100) throws -> [Int] {
    var shown = [player.frameIndex]
    while !player.isAtTheEnd && shown.count < limit {
      try player.advance()
      shown.append(player.frameIndex)
    }
    return shown
  }

  @Test(arguments: [(nil, 1), (1, 2), (AnimationSamples.loopValue, 3)] as [(Int?, Int)])
  func itPlaysAsManyTimesAsItsFileSays(loopValue: Int?, plays: Int) throws {
    var gif = AnimationSamples.movingSquare()
    gif.loopValue = loopValue
    let player = try AnimationPlayer(contentsOf: try AnimationSamples.write(gif))
    #expect(player.playCount == plays)
    let everyFrame = Array(0..<Self.frames)
    let expected = Array(Array(repeating: everyFrame, count: plays).joined())
    #expect(try Self.framesToTheEnd(of: player) == expected)

    // Started over, it plays them all again; the first frame is shown at once.
    try player.startOver()
    #expect(player.frameIndex == 0 && !player.isAtTheEnd)
    #expect(try Self.framesToTheEnd(of: player) == expected)
  }

  @Test func aLoopForEverHasNoEnd() throws {
    var gif = AnimationSamples.movingSquare()
    gif.loopValue = 0
    let player = try AnimationPlayer(contentsOf: try AnimationSamples.write(gif))
    #expect(player.playCount == 0)
    #expect(try Self.framesToTheEnd(of: player, limit: 10 * Self.frames).count == 10 * Self.frames)
    #expect(!player.isAtTheEnd)
  }
}
