// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import Testing

/// Names are data, not syntax: any name a file can have works as an output, and messages show names
/// so that they stay on one line and never reach the terminal as control codes.
@Suite struct OutputNameTests {
  static let hostileNames = [
    "it's.png", "a,b=c.png", #"x',attachment='\x2fetc\x2fpasswd',subject='hi.png"#, "new\nline.png",
    "-leading-dash.png", "$(touch pwned).png", "`id`.png", "tab\there.png",
    String(repeating: "a", count: 246) + ".png",  // 250 bytes
    String(repeating: "b", count: 251) + ".png",  // 255 bytes, the longest name Linux allows
    String(repeating: "é", count: 120) + ".png",  // 244 bytes of UTF-8
  ]

  @Test(arguments: hostileNames)
  func anyFileNameIsAnOutput(name: String) throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 60, height: 40), as: "in.png", format: .png)

    let result = try CommandLineRunner.run(["render", input, "--top", "hi", "-o", fixtures.path(name)])

    #expect(result.status == 0, "\(result.standardError)")
    #expect(try fixtures.decode(fixtures.path(name)).width == 60)
    #expect(
      try Set(FileManager.default.contentsOfDirectory(atPath: fixtures.folder.path)) == ["in.png", name],
      "nothing else made, no temporary file left")
  }

  @Test func errorsShowNamesQuotedOnOneLineWithoutControlCodes() throws {
    let fixtures = try Fixtures()
    let name = "evil\n\u{1B}[31mred\u{1B}[0m.png"

    let result = try CommandLineRunner.run(["render", fixtures.path(name), "-o", fixtures.path("out.png")])

    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "mememe: '\(fixtures.folder.path)/evil'$'\\n\\x1B''[31mred'$'\\x1B''[0m.png': no such file"
      ])
    #expect(!result.standardError.contains("\u{1B}"))
  }

  @Test func quotingFollowsTheShell() {
    #expect(FileNameQuoting.quoted("photo-1.jpg") == "photo-1.jpg")
    #expect(FileNameQuoting.quoted("my photo.jpg") == "'my photo.jpg'")
    #expect(FileNameQuoting.quoted("it's") == #"'it'\''s'"#)
    #expect(FileNameQuoting.quoted("a\nb") == #"'a'$'\n''b'"#)
    #expect(FileNameQuoting.quoted("\u{1B}x") == #"$'\x1B''x'"#)
    #expect(FileNameQuoting.quoted("x\u{202E}") == #"'x'$'\u202E'"#)
    #expect(FileNameQuoting.quoted("") == "''")
    #expect(FileNameQuoting.quoted("Grüße.png") == "Grüße.png")
  }

  @Test func widthCannotMakeMorePixelsThanTheLimit() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 1, height: 1), as: "dot.png", format: .png)
    let started = Date()

    let result = try CommandLineRunner.run(
      ["render", input, "--width", "32767", "-o", fixtures.path("huge.png")], timeout: 20)

    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "mememe: \(input): scaled to \(PixelCount.grouped(32767)) × \(PixelCount.grouped(32767)), the image would have \(PixelCount.grouped(1074)) megapixels, more than the limit of 100 megapixels"
      ])
    #expect(Date().timeIntervalSince(started) < 10, "refused before any work")
    #expect(!FileManager.default.fileExists(atPath: fixtures.path("huge.png")))

    let allowed = try CommandLineRunner.run(
      ["render", input, "--width", "2000", "--max-pixels", "4000000", "-o", fixtures.path("ok.png")])
    #expect(allowed.status == 0, "\(allowed.standardError)")
    #expect(try fixtures.decode(fixtures.path("ok.png")).width == 2000)
  }

  @Test func helpStatesTheRealMaximumWidth() throws {
    let help = try CommandLineRunner.run(["render", "--help"])
    let tooWide = try CommandLineRunner.run(["render", "/tmp/x.png", "--width", "32768", "-o", "/tmp/y.png"])

    #expect(help.standardOutput.contains("(1 to\n") || help.standardOutput.contains("(1 to 32767)"))
    #expect(help.standardOutput.contains("32767"))
    #expect(tooWide.status == 1)
    #expect(tooWide.errorLines == ["mememe: --width must be between 1 and 32767, not 32768"])
  }

  @Test func fullDiskFailsClearlyAndKeepsTheOldFile() throws {
    let disk = try SmallDisk(kilobytes: 512)
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 400, height: 300), as: "in.png", format: .png)
    let output = disk.file("meme.png").path
    let first = try CommandLineRunner.run(["render", input, "--top", "first", "-o", output])
    #expect(first.status == 0, "\(first.standardError)")
    let before = try Data(contentsOf: URL(fileURLWithPath: output))
    disk.fill()

    let result = try CommandLineRunner.run(["render", input, "--top", "second", "-o", output])

    #expect(result.status == 1)
    #expect(result.errorLines == ["mememe: \(output): cannot write: the disk is full"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == before)
    #expect(
      try Set(FileManager.default.contentsOfDirectory(atPath: disk.url.path)) == ["meme.png", "filler"])
  }
}
