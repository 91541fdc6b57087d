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
