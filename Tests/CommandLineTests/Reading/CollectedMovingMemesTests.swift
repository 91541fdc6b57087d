// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeStore
import PictureFixtures
import Testing

/// `mememe collect` on moving memes and on bad input: an animation's and a video's first, middle
/// and last frames are read (each shows other words), and a file that cannot be added is named in
/// one line while the others are added.
@Suite struct CollectedMovingMemesTests {
  /// Three memes with their own words, as PNG frames, and a store folder.
  private func frames(in fixtures: Fixtures) throws -> [String] {
    let photo = try fixtures.write(
      PhotoBackgrounds.photo(width: 640, height: 480, seed: 7), as: "photo.png", format: .png)
    return try [("alpha", "bravo"), ("charlie", "delta"), ("echo", "foxtrot")].enumerated().map {
      index, words in
      let name = fixtures.path("frame\(index).png")
      let result = try CommandLineRunner.run([
        "render", photo, "--top", words.0, "--bottom", words.1, "-o", name,
      ])
      try #require(result.status == 0, "\(result.standardError)")
      return name
    }
  }

  private func collect(_ files: [String], in fixtures: Fixtures) throws -> (
    CommandLineRunner.Result, SentMemeStore
  ) {
    let dataHome = fixtures.folder.appendingPathComponent("data", isDirectory: true)
    let result = try CommandLineRunner.run(
      ["collect"] + files, timeout: 300, environment: ["XDG_DATA_HOME": dataHome.path, "LANGUAGE": "en"])
    let store = try SentMemeStore(directory: dataHome.appendingPathComponent("io.github.mememe.MemeMe"))
    return (result, store)
  }

  @Test(arguments: ["gif", "mp4"])
  func theFirstMiddleAndLastFramesAreRead(_ format: String) throws {
    let fixtures = try Fixtures()
    let frames = try frames(in: fixtures)
    // Ten frames of each at 10 a second: 30 frames, 3 s; the middle frame (15) shows the second meme.
    let list = fixtures.path("frames.txt")
    try frames.map { "file '\($0)'\nduration 1" }.joined(separator: "\n").appending("\nfile '\(frames[2])'\n")
      .write(toFile: list, atomically: true, encoding: .utf8)
    let output = fixtures.path("moving.\(format)")
    _ = try FFmpegTools.run(
      "ffmpeg",
      [
        "-y", "-f", "concat", "-safe", "0", "-i", list, "-vf",
        "fps=10" + (format == "mp4" ? ",format=yuv420p" : ""),
      ]
        + (format == "mp4" ? ["-c:v", "libx264"] : []) + [output])
    let (result, store) = try collect([output], in: fixtures)
    #expect(result.status == 0, "\(result.standardError)")
    let memes = try store.allMemes()
    try #require(memes.count == 1)
    #expect(memes[0].isReceived)
    #expect(format == "gif" ? memes[0].isAnimated : memes[0].isVideo)
    for word in ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"] {
      #expect(try store.memeIDs(matching: word) == [memes[0].id], "\(word): read \(memes[0].textInPicture)")
    }
  }

  @Test func aFileThatCannotBeAddedIsNamedAndTheOthersAreAdded() throws {
    let fixtures = try Fixtures()
    let good = try frames(in: fixtures)[0]
    let text = fixtures.path("notes.jpg")
    try Data("not a picture".utf8).write(to: URL(fileURLWithPath: text))
    // A PNG whose header claims 100,000 × 100,000 pixels: refused by the decoding limits, unread.
    var bomb = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    bomb += Data([0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0, 0, 0, 0, 0])
    let bombPath = fixtures.path("bomb.png")
    try bomb.write(to: URL(fileURLWithPath: bombPath))
    let (result, store) = try collect([text, good, bombPath], in: fixtures)
    #expect(result.status == 1)
    let lines = result.errorLines
    #expect(lines.count == 3, "\(result.standardError)")
    #expect(lines.first { $0.contains("notes.jpg") } != nil, "\(result.standardError)")
    #expect(lines.first { $0.contains("bomb.png") } != nil, "\(result.standardError)")
    #expect(lines.last == "mememe: 2 of 3 files were not added")
    let memes = try store.allMemes()
    #expect(memes.count == 1)
    #expect(try store.memeIDs(matching: "alpha") == memes.map(\.id))
  }

  @Test func collectingNothingIsRefusedInOneLine() throws {
    let result = try CommandLineRunner.run(["collect"])
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1, "\(result.standardError)")
  }
}
