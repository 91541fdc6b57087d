// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore

/// The meme's layout as a row of toggle buttons of one group, one per `MemeLayoutKind`, each with a
/// small picture of what it makes above its name. The pictures are drawn by the engine, the same
/// renderer as the export, on a plain sky-and-field picture: what a button shows is what the layout
/// does.
struct LayoutPicker {
  /// The buttons' row; put it at the top of the style panel.
  let widget: Widget
  /// Every layout with its button, in `MemeLayoutKind.allCases` order.
  let buttons: [(MemeLayoutKind, ToggleButton)]

  /// Adds a button for every layout kind to `row` (style-panel.ui's, named and labelled there).
  init(in row: Box) {
    var made: [(MemeLayoutKind, ToggleButton)] = []
    for kind in MemeLayoutKind.allCases {
      let button = Self.button(for: kind, group: made.first?.1)
      button.widget.expandsHorizontally = true
      row.append(button.widget)
      made.append((kind, button))
    }
    widget = row.widget
    buttons = made
  }

  private static func button(for kind: MemeLayoutKind, group: ToggleButton?) -> ToggleButton {
    let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    let picture = Picture()
    picture.contentFit = GTK_CONTENT_FIT_CONTAIN
    picture.widget.setSizeRequest(width: 56, height: 48)
    picture.widget.name = "layout-picture-\(kind.rawValue)"
    if let preview = preview(of: kind) { picture.setPaintable(FrameTexture.make(from: preview)) }
    // The picture says nothing the name and description do not: hidden from screen readers, and
    // named for the audits that find pictures without a name.
    Accessible.setLabel(picture.widget, description(of: kind))
    Accessible.setHidden(picture.widget, true)
    content.append(picture.widget)
    let label = Label(title(of: kind))
    label.ellipsize(PANGO_ELLIPSIZE_END)
    content.append(label.widget)
    let button = ToggleButton(child: content.widget, group: group)
    button.widget.name = "layout-\(kind.rawValue)"
    button.widget.addCSSClass("flat")
    button.widget.addCSSClass("layout-choice")
    let description = description(of: kind)
    button.widget.tooltip = description
    Accessible.setLabel(button.widget, title(of: kind))
    Accessible.setDescription(button.widget, description)
    return button
  }

  static func title(of kind: MemeLayoutKind) -> String {
    switch kind {
    case .classic: localized("Classic")
    case .band: localized("Band")
    case .poster: localized("Poster")
    }
  }

  static func description(of kind: MemeLayoutKind) -> String {
    switch kind {
    case .classic: localized("The top and bottom captions on the picture")
    case .band: localized("The top caption in black on a white band above the picture")
    case .poster:
      localized("The picture framed in black, the top caption as a title and the bottom one below it")
    }
  }

  /// Size of the sample picture the previews are drawn on, in pixels (twice the shown size, for
  /// sharp pictures on a high-resolution screen).
  private static let sampleSize = (width: 112, height: 84)

  /// `kind` drawn by the engine with two short captions on the sample picture; nil without memory.
  static func preview(of kind: MemeLayoutKind) -> RasterImage? {
    guard let picture = samplePicture() else { return nil }
    let captions = MemeCaptions(
      top: localized("TOP"), bottom: localized("BOTTOM"), style: kind.defaultStyle, layout: kind)
    return MemeRenderer.render(captions, picture: picture)?.output
  }

  /// A blue sky over a green field: a picture in a few lines, and light enough that Classic's white
  /// captions with their black outline stand out as they do on a photo.
  private static func samplePicture() -> RasterImage? {
    let (width, height) = sampleSize
    guard let image = RasterImage(width: width, height: height, hasAlpha: false) else { return nil }
    image.flush()
    // Cairo's ARGB32 in the little-endian byte order of the machines MemeMe is built for: blue,
    // green, red, alpha.
    let sky: [UInt8] = [0xDC, 0xB4, 0x8C, 0xFF]
    let field: [UInt8] = [0x4C, 0x9A, 0x5E, 0xFF]
    for y in 0..<height {
      let color = y < height * 3 / 5 ? sky : field
      for x in 0..<width {
        for byte in 0..<4 { image.pixels[y * image.stride + x * 4 + byte] = color[byte] }
      }
    }
    image.markDirty()
    return image
  }
}
