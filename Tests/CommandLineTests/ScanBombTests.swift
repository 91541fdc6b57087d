// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import Testing

/// A small progressive JPEG whose last scan repeats 20,000 times (issue 33) fails fast, in one line,
/// whichever way it is written.
@Suite struct ScanBombTests {
  @Test(arguments: ["out.png", "out.jpg"])
  func aScanBombFailsInUnderTwoSecondsWithOneLine(output: String) throws {
    let fixtures = try Fixtures()
    let bomb = fixtures.path("bomb.jpg")
    try Data(ScanBomb.jpeg(width: 2000, height: 2000, repeats: 20_000)).write(to: URL(fileURLWithPath: bomb))
    let started = Date()
    let result = try CommandLineRunner.run(["render", bomb, "--top", "x", "-o", fixtures.path(output)])
    let elapsed = Date().timeIntervalSince(started)
    #expect(result.status == 1)
    #expect(result.errorLines.count == 1, "\(result.errorLines)")
    #expect(result.errorLines.first?.contains("the picture is damaged") == true, "\(result.errorLines)")
    #expect(elapsed < 2, "took \(elapsed) s")
    #expect(!FileManager.default.fileExists(atPath: fixtures.path(output)))
  }
}
