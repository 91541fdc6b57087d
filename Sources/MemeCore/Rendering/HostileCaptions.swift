// SPDX-License-Identifier: GPL-3.0-or-later

/// The captions that once made one render run for minutes (issue 41), generated rather than stored:
/// the tests replay them on the engine, the command line and the editor, the benchmark times them,
/// and the `captions` fuzz target starts from them.
@_spi(Benchmark) public enum HostileCaptions {
  /// One case: its captions, and a short name for messages and file names.
  public struct Case: Sendable {
    public let name: String
    public let top: String
    public let bottom: String
    /// A text box over most of the picture, turned by `angle` degrees, or `nil`.
    public let box: String?
    public let angle: Double

    public init(name: String, top: String, bottom: String, box: String?, angle: Double) {
      self.name = name
      self.top = top
      self.bottom = bottom
      self.box = box
      self.angle = angle
    }

    /// The case as the renderer draws it.
    public var captions: MemeCaptions {
      MemeCaptions(
        top: top, bottom: bottom,
        layers: box.map { [.text(TextBox(text: $0, frame: Self.boxFrame, angle: angle))] } ?? [])
    }

    /// The case with every caption cut to `CaptionLimits`, as the renderer draws it.
    public var cutToTheLimits: Case {
      Case(
        name: name, top: CaptionLimits.bounded(top), bottom: CaptionLimits.bounded(bottom),
        box: box.map(CaptionLimits.bounded), angle: angle)
    }

    /// `--box 0.1,0.1,0.8,0.8`.
    public static let boxFrame = RelativeRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)
  }

  /// Words "word0 word1 …", cut to `length` characters.
  public static func words(length: Int) -> String {
    var text = ""
    var index = 0
    while text.utf8.count < length {
      text += (index == 0 ? "" : " ") + "word\(index)"
      index += 1
    }
    return String(text.prefix(length))
  }

  /// `letters` letters each carrying `marks` combining marks (from U+0300 to U+036F).
  public static func zalgo(letters: Int, marks: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for letter in 0..<letters {
      scalars.append(Unicode.Scalar(UInt8(0x61 + letter % 26)))
      for mark in 0..<marks {
        scalars.append(Unicode.Scalar(0x300 + UInt32((mark * 7 + letter) % 0x70))!)
      }
    }
    return String(scalars)
  }

  /// The cases of issue 41, as filed.
  public static let cases: [Case] = {
    let long = words(length: 60_000)
    let stacks = zalgo(letters: 100, marks: 500)
    let lines = String(repeating: "x\n", count: 65_500)
    return [
      Case(name: "long-words", top: long, bottom: long, box: nil, angle: 0),
      Case(name: "131-kb-top", top: words(length: 131_000), bottom: "", box: nil, angle: 0),
      Case(name: "zalgo", top: stacks, bottom: stacks, box: nil, angle: 0),
      Case(name: "zalgo-angled", top: "", bottom: "", box: stacks, angle: 33),
      Case(
        name: "zalgo-ten-letters-angled", top: "", bottom: "", box: zalgo(letters: 10, marks: 500), angle: 33),
      Case(name: "many-lines", top: lines, bottom: lines, box: nil, angle: 0),
    ]
  }()

  /// A megabyte of words: what a paste into the editor may bring.
  public static let megabyte = words(length: 1 << 20)
}
