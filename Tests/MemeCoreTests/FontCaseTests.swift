// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeCore

/// Whether a face has lowercase letters, checked against what the renderer draws, and which
/// families the font list offers.
@Suite struct FontCaseTests {
  /// Whether "abcdefg" and "ABCDEFG", drawn without upper-casing in `family`, give the same pixels.
  private func drawsLowercaseAsCapitals(_ family: String?) -> Bool {
    var style = CaptionStyle.classic
    style.fontFamily = family
    style.isUppercase = false
    let lower = TestImages.grey(width: 800, height: 600)
    let upper = TestImages.grey(width: 800, height: 600)
    MemeRenderer.render(MemeCaptions(top: "abcdefg", bottom: "", style: style), onto: lower)
    MemeRenderer.render(MemeCaptions(top: "ABCDEFG", bottom: "", style: style), onto: upper)
    for y in 0..<600 {
      for x in 0..<800 where lower.color(atX: x, y: y) != upper.color(atX: x, y: y) { return false }
    }
    return true
  }

  @Test(arguments: [nil, "DejaVu Sans", "DejaVu Serif"] as [String?])
  func aFaceHasLowercaseExactlyWhenItDrawsItDifferently(family: String?) {
    let font = FontResolver.resolve(family)
    #expect(FontCase.hasLowercase(font) == !drawsLowercaseAsCapitals(family), "\(font.family)")
  }

  /// The real families fontconfig knows, from its own command-line tool.
  private func installedFamilies() throws -> Set<String> {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
    process.arguments = [":", "family"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    return Set(lines.flatMap { $0.split(separator: ",").map { String($0) } })
  }

  @Test func theFontListOffersRealFacesForTextOnly() throws {
    let offered = FontResolver.availableFamilies()
    let installed = try installedFamilies()
    #expect(offered.contains("DejaVu Sans"))
    for alias in ["Sans", "Serif", "Monospace", "System-ui", "Emoji", "Math", "Cursive", "Fantasy"] {
      #expect(!offered.contains { $0.caseInsensitiveCompare(alias) == .orderedSame }, "\(alias) is an alias")
    }
    // Every name offered is a family fontconfig really has installed.
    for family in offered { #expect(installed.contains(family), "\(family) is not an installed family") }
    for unusable in ["Noto Color Emoji", "DejaVu Math TeX Gyre"] where installed.contains(unusable) {
      #expect(!offered.contains(unusable), "\(unusable) cannot write a caption")
    }
  }
}
