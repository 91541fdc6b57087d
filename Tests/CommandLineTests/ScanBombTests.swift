// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import Testing

/// A small progressive JPEG whose last scan repeats 20,000 times (issue 33) fails fast, in one line,
/// whichever way it is written: within two seconds of processor time, which the kernel enforces (a
/// wall clock would also count the time other work on a busy machine takes).
@Suite struct ScanBombTests {
  @Test(arguments: ["out.png", "out.jpg"])
  func aScanBombFailsInUnderTwoSecondsWithOneLine(output: String) throws {
    let fixtures = try Fixtures()
    let bomb = fixtures.path("bomb.jpg")
    try Data(ScanBomb.jpeg(width: 2000, height: 2000, repeats: 20_000)).write(to: URL(fileURLWithPath: bomb))
    let result = try CommandLineRunner.run(
      ["render", bomb, "--top", "x", "-o", fixtures.path(output)], cpuSeconds: 2)
    #expect(!result.killedBySignal, "it ran out of its two seconds of processor time")
    #expect(result.status == 1)
    #expect(result.errorLines.count == 1, "\(result.errorLines)")
    #expect(result.errorLines.first?.contains("the picture is damaged") == true, "\(result.errorLines)")
    #expect(!FileManager.default.fileExists(atPath: fixtures.path(output)))
  }
}
