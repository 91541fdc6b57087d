// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import DiskTestSupport
import Foundation
import Testing

@_spi(Benchmark) @testable import MemeCore

/// Issue 41: whatever a caption's text, laying it out and drawing it is bounded, and no real caption
/// is changed by the bounds.
@Suite struct CaptionLimitsTests {
  /// Every caption the caption tests draw, and every caption of the fuzzing seeds and findings, is
  /// within the limits, so it is laid out and drawn exactly as before.
  @Test func realCaptionsAreWithinTheLimits() throws {
    var texts = CaptionCases.pairs.flatMap { [$0.top, $0.bottom] }
    let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz")
    for folder in ["corpus/captions", "crashes/captions"] {
      let url = fuzz.appendingPathComponent(folder)
      // The seeds made from the cases of issue 41 are beyond the limits on purpose.
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path)
      where !name.hasPrefix("issue-41-") {
        let bytes = try Data(contentsOf: url.appendingPathComponent(name))
        // The target reads a picture size and a flag first (at most six bytes); the rest is text,
        // split at a NUL into the two captions. Every split of the header is tried.
        for start in 0...min(6, bytes.count) {
          let text = String(decoding: bytes.dropFirst(start), as: UTF8.self)
          texts += text.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false).map(
            String.init)
        }
      }
    }
    for text in texts {
      #expect(CaptionLimits.excess(in: text) == nil, "\(text.prefix(40))")
      #expect(CaptionLimits.bounded(text) == text)
    }
  }

  @Test func textPastALimitIsCutThere() {
    let characters = String(repeating: "a", count: CaptionLimits.maximumCharacters + 5)
    #expect(CaptionLimits.excess(in: characters) == .characters)
    #expect(CaptionLimits.bounded(characters).unicodeScalars.count == CaptionLimits.maximumCharacters)

    let lines = String(repeating: "x\n", count: CaptionLimits.maximumLines + 3)
    #expect(CaptionLimits.excess(in: lines) == .lines)
    let kept = CaptionLimits.bounded(lines)
    #expect(kept.split(separator: "\n", omittingEmptySubsequences: false).count == CaptionLimits.maximumLines)
    #expect(CaptionLimits.excess(in: kept) == nil)
    // CR LF is one line break, as the caption shows it.
    let crlf = String(repeating: "x\r\n", count: CaptionLimits.maximumLines - 1) + "x"
    #expect(CaptionLimits.excess(in: crlf) == nil)

    let marks = CaptionLimits.maximumMarksPerCharacter
    let zalgo = HostileCaptions.zalgo(letters: 3, marks: marks + 4)
    #expect(CaptionLimits.excess(in: zalgo) == .marks)
    #expect(CaptionLimits.bounded(zalgo) == HostileCaptions.zalgo(letters: 3, marks: marks))
    #expect(CaptionLimits.excess(in: HostileCaptions.zalgo(letters: 3, marks: marks)) == nil)
  }

  /// Reading a megabyte of text for its limits costs no more than reading the limit's worth.
  @Test func aMegabyteIsJudgedQuickly() {
    // Processor time of this thread, which does the reading: the wall clock stretches under load.
    let elapsed = ThreadProcessorTime.measure {
      #expect(CaptionLimits.excess(in: HostileCaptions.megabyte) == .characters)
      #expect(CaptionLimits.bounded(HostileCaptions.megabyte).count == CaptionLimits.maximumCharacters)
    }
    #expect(elapsed < 0.1, "\(elapsed) s of processor time")
  }

  /// Each case of the issue renders on an 800×600 picture in well under two seconds.
  @Test(arguments: HostileCaptions.cases.map(\.name))
  func hostileCaptionsRenderQuickly(_ name: String) throws {
    let hostile = try #require(HostileCaptions.cases.first { $0.name == name })
    let image = TestImages.grey(width: 800, height: 600)
    // Processor time of this thread, not the wall clock, which stretches while other tests share
    // the cores. The captions are drawn on every core, this thread taking its share, so a caption
    // whose cost were out of bounds shows here too; the command line's test bounds the whole
    // process's processor time.
    let elapsed = ThreadProcessorTime.measure { MemeRenderer.render(hostile.captions, onto: image) }
    #expect(elapsed < 2, "\(name): \(elapsed) s of processor time")
  }

  /// Leaving out the glyphs beyond the band changes no pixel: a caption cut off at its band, drawn
  /// from every glyph and from those near the band, at image size and scaled down as the editor
  /// previews a large picture, upright and turned.
  @Test(arguments: [0.0, 33.0])
  func onlyGlyphsThatCannotShowAreLeftOut(angle: Double) throws {
    let text = String(repeating: "much too long for one band ", count: 60) + "ÅÉÎ gjpq 😂"
    let box = TextBox(text: text, frame: RelativeRect(x: 0.1, y: 0.3, width: 0.8, height: 0.2), angle: angle)
    let layout = MemeLayout(
      captions: MemeCaptions(top: text, bottom: "", layers: [box].map(MemeLayer.text)), imageWidth: 800,
      imageHeight: 600)
    for caption in [layout.caption(at: .top), layout.layers[0]] {
      #expect(!caption.fits)
      let culled = try #require(caption.drawing as? CaptionDrawing)
      let pango = try #require(caption.layout)
      let whole = CaptionDrawing(
        traced: CaptionTracer.trace(layout: pango, origin: caption.origin, scale: caption.scale),
        band: caption.band, outlineWidth: caption.outlineWidth, style: .classic, angle: culled.angle)
      for scale in [1.0, 0.25, 0.05] {
        let (first, second) = (drawn(culled, scale: scale), drawn(whole, scale: scale))
        #expect(first == second, "scale \(scale): the pictures differ")
      }
    }
  }

  /// The pixels of `drawing` drawn on grey, scaled by `scale`.
  private func drawn(_ drawing: CaptionDrawing, scale: Double) -> [UInt8] {
    let (width, height) = (Int(800 * scale), Int(600 * scale))
    let image = TestImages.grey(width: width, height: height)
    let context = cairo_create(image.surface)!
    cairo_scale(context, scale, scale)
    drawing.draw(on: context)
    cairo_destroy(context)
    cairo_surface_flush(image.surface)
    return Array(UnsafeBufferPointer(start: image.pixels, count: image.stride * image.height))
  }
}
