import CMemeGraphics
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureFixtures
import Testing

@testable import MemeCore

/// Every drawing path draws every caption as Pango itself draws it (see `ReferenceCaption`).
@Suite struct CaptionReferenceTests {
  enum DrawingPath: CaseIterable {
    /// `MemeRenderer`: the export, thumbnails and the command line, both captions on two cores.
    case export
    /// `MemeLayout.draw(on:)` at the image's own size, on one thread.
    case singleThreaded
    /// The editor canvas: the same layout drawn scaled into an 800×600 view.
    case preview
  }

  @Test(arguments: CaptionCases.shapes)
  func everyPathDrawsEveryCaptionAsPangoDoes(shape: CaptionCases.Shape) {
    for pair in CaptionCases.pairs {
      for path in DrawingPath.allCases {
        let comparison = Self.compare(pair, on: shape, through: path)
        #expect(comparison.matches, "\(pair.name) on \(shape.testDescription) through \(path): \(comparison)")
      }
    }
  }

  /// The texts of Band and Poster, without an outline, on their frames: through the export, and
  /// scaled into the editor's 800×600 view.
  @Test(arguments: [MemeLayoutKind.band, .poster], CaptionCases.shapes)
  func framedTextsAreDrawnAsPangoDoes(layout: MemeLayoutKind, shape: CaptionCases.Shape) {
    for pair in CaptionCases.pairs {
      let picture = TestPictures.gradient(width: shape.width, height: shape.height)
      guard let (output, meme) = MemeRenderer.render(pair.captions(in: layout), picture: picture) else {
        Issue.record("\(pair.name): out of memory")
        continue
      }
      let exported = ReferenceRendering(layout: meme).compare(with: output)
      #expect(exported.matches, "\(layout) \(pair.name) on \(shape.testDescription), exported: \(exported)")
      let preview = ReferenceRendering(layout: meme, previewWidth: 800, previewHeight: 600)
      // A poster of a 300×4000 strip shrinks its subtitle to two screen pixels: there a reduced
      // reference measures the filters, not the drawing (the classic captions' outline hides it).
      let sizes = CaptionPosition.allCases.map(meme.caption(at:)).filter { !$0.text.isEmpty }.map(\.fontSize)
      guard (sizes.min() ?? 0) * preview.scale.y >= 6 else { continue }
      let shown = preview.compare(with: preview.drawProduction())
      #expect(shown.matches, "\(layout) \(pair.name) on \(shape.testDescription), previewed: \(shown)")
    }
  }

  static func compare(_ pair: CaptionCases.Pair, on shape: CaptionCases.Shape, through path: DrawingPath)
    -> CaptionComparison
  {
    switch path {
    case .export:
      let image = TestPictures.gradient(width: shape.width, height: shape.height)
      let layout = MemeRenderer.render(pair.captions, onto: image)
      return ReferenceRendering(layout: layout).compare(with: image)
    case .singleThreaded:
      let layout = MemeLayout(captions: pair.captions, imageWidth: shape.width, imageHeight: shape.height)
      let image = TestPictures.gradient(width: shape.width, height: shape.height)
      let context = cairo_create(image.surface)!
      layout.draw(on: context)
      cairo_destroy(context)
      return ReferenceRendering(layout: layout).compare(with: image)
    case .preview:
      let layout = MemeLayout(captions: pair.captions, imageWidth: shape.width, imageHeight: shape.height)
      let preview = ReferenceRendering(layout: layout, previewWidth: 800, previewHeight: 600)
      return preview.compare(with: preview.drawProduction())
    }
  }
}
