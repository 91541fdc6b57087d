// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

@testable import mememe

@Suite struct CaptionOptionTests {
  /// `--top=` is an empty caption, like `--top ""`: the same picture as no caption at all.
  @Test func anEmptyValueAfterAnEqualsSignIsAnEmptyCaption() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 200, height: 150), as: "in.png", format: .png)
    let withEquals = fixtures.path("equals.png")
    let quoted = fixtures.path("quoted.png")
    let first = try CommandLineRunner.run(["render", input, "--top=", "--bottom=", "-o", withEquals])
    #expect(first.status == 0, "\(first.standardError)")
    let second = try CommandLineRunner.run(["render", input, "--top", "", "--bottom", "", "-o", quoted])
    #expect(second.status == 0, "\(second.standardError)")
    let source = try fixtures.decode(input)
    for path in [withEquals, quoted] {
      let meme = try fixtures.decode(path)
      for y in stride(from: 0, to: 150, by: 3) {
        for x in stride(from: 0, to: 200, by: 3) where meme.color(atX: x, y: y) != source.color(atX: x, y: y)
        {
          Issue.record("\(path): pixel (\(x), \(y)) was drawn on")
          return
        }
      }
    }
  }

  /// Options after `--` stay operands, and a value that itself ends in `=` is kept whole.
  @Test func onlyEmptyOptionValuesAreExpanded() {
    #expect(expandingEmptyOptionValues(["--top=", "x"]) == ["--top", "", "x"])
    #expect(expandingEmptyOptionValues(["--top=a=", "--bottom=b"]) == ["--top=a=", "--bottom=b"])
    #expect(expandingEmptyOptionValues(["--", "--top="]) == ["--", "--top="])
  }

  /// On a 14×25 picture the captions are still drawn, and a caption that cannot fit is reported.
  @Test func tinyPicturesStillShowTheirCaptions() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 14, height: 25), as: "tiny.png", format: .png)
    let output = fixtures.path("out.png")
    let result = try CommandLineRunner.run([
      "render", input, "--top", "hi", "--bottom", "a much longer caption", "-o", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("bottom caption is too long"))
    let meme = try fixtures.decode(output)
    let source = try fixtures.decode(input)
    for band in [0..<8, 17..<25] {
      let changed = band.flatMap { y in (0..<14).map { (x: $0, y: y) } }.filter {
        meme.color(atX: $0.x, y: $0.y) != source.color(atX: $0.x, y: $0.y)
      }
      #expect(changed.count >= 10, "rows \(band): only \(changed.count) pixels drawn")
    }
  }
}
