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

  /// Opening an animation reads where its frames lie off the main thread (the loader), and the
  /// player takes that timeline instead of decoding every frame again; one that does not fit the
  /// file (another frame count) is read anew.
  @Test func theLoaderReadsTheTimelineThePlayerTakes() throws {
    let file = try AnimationSamples.write(AnimationSamples.movingSquare())
    let picture = try PictureLoader.load(file).get()
    let read = try #require(picture.timeline)
    let played = AnimationSamples.delays.map { $0 * 10 < 20 ? 100 : $0 * 10 }
    #expect(read.frameCount == Self.frames)
    #expect(
      (0..<Self.frames).map { Int((read.start(ofFrame: $0) * 1000).rounded()) }
        == (0..<Self.frames).map { played[..<$0].reduce(0, +) })
    #expect(try AnimationPlayer(contentsOf: file).timeline == read, "the same as the player reads itself")
    // A timeline it is given is used as it is: the player does not decode the frames for it.
    let given = AnimationTimeline(delays: Array(repeating: 70, count: Self.frames))
    let player = try AnimationPlayer(contentsOf: file, timeline: given)
    #expect(player.timeline == given && player.delay == 70)
    let misfit = AnimationTimeline(delays: [70, 70])
    #expect(try AnimationPlayer(contentsOf: file, timeline: misfit).timeline == read)
  }

  /// Each frame's moment is the played delays before it (under 20 ms played as 100 ms), back to 0
  /// when it starts again or steps back to the first frame.
  @Test func eachFrameStartsAtTheSumOfTheDelaysBeforeIt() throws {
    let player = try AnimationPlayer(contentsOf: try AnimationSamples.write(AnimationSamples.movingSquare()))
    let played = AnimationSamples.delays.map { $0 * 10 < 20 ? 100 : $0 * 10 }
    for index in 0..<Self.frames {
      #expect(player.time == played[..<index].reduce(0, +), "frame \(index)")
      #expect(player.delay == played[index])
      try player.advance()
    }
    #expect(player.frameIndex == 0 && player.time == 0, "after the last, the first again")
    try player.seek(toFrame: 3)
    #expect(player.time == played[..<3].reduce(0, +))
    try player.seek(toFrame: 1)
    #expect(player.time == played[0])
  }

  /// On a still picture, the frames are the longest animated sticker's, played for ever; the picture
  /// is shown as it is (no frame of its own). Without an animated layer there is nothing to play.
  @Test func animatedLayersOnAStillPictureMakeTheirOwnTimeline() throws {
    let gif = try AnimationSamples.write(AnimationSamples.movingSquare())
    let frame = RelativeRect(x: 0.1, y: 0.1, width: 0.3, height: 0.3)
    var captions = MemeCaptions(top: "", bottom: "")
    captions.layers = [.sticker(StickerLayer(source: .emoji("😎"), frame: frame))]
    #expect(LayerAnimationPlayer(captions) == nil, "an emoji does not move")
    captions.layers.append(
      .sticker(StickerLayer(source: .picture(StickerPicture(path: gif.path)), frame: frame)))
    let player = try #require(LayerAnimationPlayer(captions))
    let played = AnimationSamples.delays.map { $0 * 10 < 20 ? 100 : $0 * 10 }
    #expect(player.delays == played && player.frameCount == Self.frames && player.frame == nil)
    for index in 0..<(2 * Self.frames) {
      #expect(player.frameIndex == index % Self.frames && !player.isAtTheEnd)
      #expect(player.time == played[..<(index % Self.frames)].reduce(0, +))
      player.advance()
    }
  }
}
