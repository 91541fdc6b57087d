// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import Testing

/// A JPEG that decodes with errors still makes a meme, with one warning line saying it is damaged.
@Suite struct DamagedInputTests {
  @Test func aDamagedJPEGRendersWithAWarning() throws {
    let fixtures = try Fixtures()
    // Noise, so the compressed data is long enough to damage in its middle.
    let picture = fixtures.noise(width: 640, height: 480, seed: 7)
    let clean = try fixtures.write(picture, as: "clean.jpg", format: .jpeg(quality: 92))
    let damaged = fixtures.path("damaged.jpg")
    let bytes = DamagedJPEG.scrambled([UInt8](try Data(contentsOf: URL(fileURLWithPath: clean))))
    try Data(bytes).write(to: URL(fileURLWithPath: damaged))

    let result = try CommandLineRunner.run(["render", damaged, "--top", "x", "-o", fixtures.path("out.png")])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(FileManager.default.fileExists(atPath: fixtures.path("out.png")))
    #expect(result.errorLines.count == 1, "\(result.errorLines)")
    #expect(result.errorLines.first?.hasPrefix("warning: \(damaged): the picture is damaged") == true)

    let whole = try CommandLineRunner.run(["render", clean, "--top", "x", "-o", fixtures.path("clean.png")])
    #expect(whole.status == 0 && whole.errorLines.isEmpty, "a clean picture gets no warning")
  }
}
