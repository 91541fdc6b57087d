// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

/// `mememe render --panels rows` and the panel options' refusals.
struct PanelOptionTests {
  /// Four pictures of 640 × 480: cells of 640 × 480, the captions' cells on the left.
  private static func rowPictures(in fixtures: Fixtures) throws -> [String] {
    try (0..<4).map { index in
      try fixtures.write(fixtures.image(width: 640, height: 480), as: "row\(index).png", format: .png)
    }
  }

  /// For four rows the output is four cells and three gutters high, and each caption's ink, black
  /// on its white cell, lies inside that cell: every pixel of the gutters is the gutter colour.
  @Test func fourRowsAreFourCellsAndThreeGuttersWithEachCaptionInItsCell() throws {
    let fixtures = try Fixtures()
    let pictures = try Self.rowPictures(in: fixtures)
    let captions = ["small brain", "bigger brain", "glowing brain thinking very hard", "galaxy"]
    let gutter = 6
    let meme = try fixtures.render(
      pictures[0],
      Array(pictures.dropFirst()) + [
        "--panels", "rows", "--gutter", "\(gutter)", "--gutter-color", "#ff0000",
      ]
        + captions.enumerated().flatMap { ["--panel-caption", "\($0.offset + 1)=\($0.element)"] })
    let cell = (width: 640, height: 480)
    #expect(meme.width == 2 * cell.width + gutter)
    #expect(meme.height == 4 * cell.height + 3 * gutter)
    for row in 0..<4 {
      let top = row * (cell.height + gutter)
      var ink: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
      for y in top..<top + cell.height {
        for x in 0..<cell.width where !isWhite(meme.color(atX: x, y: y)) {
          let (minX, minY, maxX, maxY) = ink ?? (x, y, x, y)
          ink = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
        }
      }
      let found = try #require(ink, "row \(row + 1) has no caption")
      #expect(found.minX > 0 && found.maxX < cell.width - 1, "row \(row + 1)'s ink reaches its cell's sides")
      #expect(
        found.minY > top && found.maxY < top + cell.height - 1, "row \(row + 1)'s ink reaches past its cell")
      // The picture cell beside it is the picture: its grey and its red corner square.
      let grey = meme.color(atX: cell.width + gutter + cell.width / 2, y: top + cell.height / 2)
      #expect(abs(grey.red - 0.5) < 0.02 && abs(grey.green - 0.5) < 0.02)
    }
    var wrong = 0
    for y in 0..<meme.height {
      for x in 0..<meme.width {
        let inGutter =
          (x >= cell.width && x < cell.width + gutter) || y % (cell.height + gutter) >= cell.height
        if inGutter && meme.color(atX: x, y: y) != RGBAColor(red: 1, green: 0, blue: 0) { wrong += 1 }
      }
    }
    #expect(wrong == 0, "\(wrong) gutter pixels are not the gutter colour")
  }

  /// A caption cell's text is black: the darkest pixels of a long caption's cell.
  @Test func aCaptionCellsTextIsBlack() throws {
    let fixtures = try Fixtures()
    let pictures = try Self.rowPictures(in: fixtures)
    let meme = try fixtures.render(
      pictures[0], [pictures[1], "--panels", "rows", "--panel-caption", "1=WWWWWWWW MMMMMMMM"])
    var black = 0
    for y in 0..<480 {
      for x in 0..<640 where isBlack(meme.color(atX: x, y: y)) { black += 1 }
    }
    #expect(black > 2_000, "only \(black) black pixels in the caption's cell")
  }

  /// Bad input is one line naming what is wrong, and no file.
  @Test func badPanelInputIsOneLineAndNoFile() throws {
    let fixtures = try Fixtures()
    let pictures = try Self.rowPictures(in: fixtures)
    let missing = fixtures.path("gone.png")
    let broken = fixtures.path("broken.png")
    try Data("not a picture at all".utf8).write(to: URL(fileURLWithPath: broken))
    let cases: [(arguments: [String], says: [String])] = [
      ([pictures[1], missing, pictures[3], "--panels", "2x2"], ["gone.png", "panel 3"]),
      ([pictures[1], pictures[2], broken, "--panels", "2x2"], ["broken.png", "panel 4"]),
      ([pictures[1], pictures[2], "--panels", "2x2"], ["takes 4 pictures, not 3"]),
      ([pictures[1], "--panels", "5x1"], ["ROWSxCOLUMNS"]),
      ([pictures[1], "--panels", "2x"], ["ROWSxCOLUMNS"]),
      (["--panels", "rows"], ["2 to 6 pictures, not 1"]),
      ([pictures[1], "--panels", "1x2", "--width", "5000"], ["--width", "4096"]),
      ([pictures[1], "--panels", "1x2", "--gutter", "41"], ["--gutter", "0 and 40"]),
      ([pictures[1], "--panels", "1x2", "--gutter-color", "plaid"], ["--gutter-color"]),
      (
        [pictures[1], "--panels", "1x2", "--panel-caption", "3=no such panel"], ["--panel-caption", "1 to 2"]
      ),
      ([pictures[1], "--panels", "1x2", "--panel-fit", "1=stretch"], ["cover or fit"]),
      ([pictures[1], "--panels", "1x2", "--cell-aspect", "9:1"], ["--cell-aspect"]),
      ([pictures[1], "--panels", "1x2", "--rotate", "90"], ["--panels"]),
      ([pictures[1]], ["--panels"]),
    ]
    for (arguments, says) in cases {
      let line = try fixtures.renderFailure(pictures[0], arguments)
      for words in says {
        #expect(line.contains(words), "\(arguments): \(line)")
      }
    }
  }

  /// A picture that fits its cell leaves the rest of the cell in the gutter colour; one that covers
  /// it leaves none.
  @Test func aFittedPictureLeavesTheGutterColourAroundIt() throws {
    let fixtures = try Fixtures()
    let wide = try fixtures.write(fixtures.image(width: 800, height: 200), as: "wide.png", format: .png)
    let square = try fixtures.write(fixtures.image(width: 400, height: 400), as: "square.png", format: .png)
    let meme = try fixtures.render(
      square, [wide, "--panels", "1x2", "--panel-fit", "2=fit", "--gutter-color", "blue", "--width", "800"])
    // Square cells of 400: the wide picture fitted is 400 × 100, in the middle of its cell.
    #expect(meme.width == 800 && meme.height == 400)
    let blue = RGBAColor(red: 0, green: 0, blue: 1)
    #expect(meme.color(atX: 600, y: 100) == blue && meme.color(atX: 600, y: 300) == blue)
    let middle = meme.color(atX: 600, y: 200)
    #expect(abs(middle.red - 0.5) < 0.02 && abs(middle.blue - 0.5) < 0.02)
    #expect(meme.color(atX: 200, y: 10) != blue && meme.color(atX: 200, y: 390) != blue)
  }

  /// Zoomed in twice with its focus at a corner, a square picture's cell shows that corner's
  /// quarter alone; the cell beside it, not zoomed, all four.
  @Test func zoomAndFocusShowAPartOfThePicture() throws {
    let fixtures = try Fixtures()
    let colours = [
      RGBAColor(red: 1, green: 0, blue: 0), RGBAColor(red: 0, green: 1, blue: 0),
      RGBAColor(red: 0, green: 0, blue: 1),
      RGBAColor(red: 1, green: 1, blue: 0),
    ]
    let quarters = try #require(RasterImage(width: 200, height: 200, hasAlpha: false))
    for (index, colour) in colours.enumerated() {
      let quarter = try #require(RasterImage(width: 100, height: 100, hasAlpha: false))
      quarter.fill(with: colour)
      quarters.draw(quarter, atX: index % 2 * 100, y: index / 2 * 100)
    }
    let picture = try fixtures.write(quarters, as: "quarters.png", format: .png)
    for (corner, focus) in ["0,0", "1,0", "0,1", "1,1"].enumerated() {
      let meme = try fixtures.render(
        picture,
        [picture, "--panels", "1x2", "--panel-zoom", "2=2", "--panel-focus", "2=\(focus)", "--width", "400"])
      #expect(meme.width == 400 && meme.height == 200)
      for (x, y) in [(205, 5), (395, 5), (205, 195), (395, 195), (300, 100)] {
        #expect(meme.color(atX: x, y: y) == colours[corner], "focus \(focus) at (\(x), \(y))")
      }
      for (index, colour) in colours.enumerated() {
        #expect(meme.color(atX: 50 + index % 2 * 100, y: 50 + index / 2 * 100) == colour)
      }
    }
    for (arguments, says) in [
      (["--panel-zoom", "2=9"], "--panel-zoom"), (["--panel-zoom", "1=0.5"], "--panel-zoom"),
      (["--panel-focus", "1=2,0"], "--panel-focus"), (["--panel-focus", "1=0.5"], "--panel-focus"),
    ] {
      let line = try fixtures.renderFailure(picture, [picture, "--panels", "1x2"] + arguments)
      #expect(line.contains(says), "\(arguments): \(line)")
    }
  }

  /// Pictures of extreme shapes (a pixel, a line a pixel wide either way) make a meme of the
  /// narrowest cells or of their own shape, never a failure.
  @Test func extremeShapesStillMakeAMeme() throws {
    let fixtures = try Fixtures()
    let dot = try fixtures.write(fixtures.image(width: 1, height: 1), as: "dot.png", format: .png)
    let tall = try fixtures.write(fixtures.image(width: 1, height: 5000), as: "tall.png", format: .png)
    let wide = try fixtures.write(fixtures.image(width: 5000, height: 1), as: "wide.png", format: .png)
    for (pictures, fit) in [
      ([dot, dot], "cover"), ([tall, wide], "cover"), ([wide, tall], "fit"), ([dot, tall], "fit"),
    ] {
      let meme = try fixtures.render(
        pictures[0], [pictures[1], "--panels", "1x2", "--panel-fit", "1=\(fit)", "--panel-fit", "2=\(fit)"])
      // Cells at least 16 pixels wide, of a shape between 1:4 and 4:1.
      #expect(meme.width >= 32 && meme.width <= PanelSheetGeometry.widestOutput)
      let aspect = Double(meme.width / 2) / Double(meme.height)
      #expect(aspect >= 0.24 && aspect <= 4.1, "\(pictures): \(meme.width) × \(meme.height)")
    }
  }
}
