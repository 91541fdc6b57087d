// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore

/// The picture, aspect-fit and letterboxed, with the captions drawn by the engine and the two
/// caption fields lying over the picture's top and bottom bands.
///
/// Drawing cost per keystroke is one caption layout plus painting a cached copy of the picture at
/// exactly its on-screen size: the full image is never rescaled while typing, only when the
/// canvas size changes (from the editor's bounded preview, see `EditorImage`).
final class EditorCanvas {
  /// The GtkOverlay holding everything; put it in the window.
  let widget: UnsafeMutablePointer<GtkWidget>
  let drawingArea: UnsafeMutablePointer<GtkWidget>
  let topEntry = CaptionEntry(position: .top)
  let bottomEntry = CaptionEntry(position: .bottom)
  /// Shown instead of the picture before one is chosen.
  let placeholder: UnsafeMutablePointer<GtkWidget>
  private let loadingIndicator: UnsafeMutablePointer<GtkWidget>
  private let loadingLabel: UnsafeMutablePointer<GtkWidget>

  private(set) var image: EditorImage?
  private(set) var captions = EditorState.initial.captions
  /// The layout of `captions` at the picture's pixel size, rebuilt when either changes.
  private var cachedLayout: MemeLayout?
  /// `image.preview` resampled to the picture's on-screen size in device pixels.
  private var fittedPicture: RasterImage?

  init() {
    widget = gtk_overlay_new()
    gtk_widget_set_name(widget, "canvas")
    drawingArea = gtk_drawing_area_new()
    gtk_widget_set_name(drawingArea, "meme-canvas")
    gtk_widget_add_css_class(drawingArea, "meme-canvas")
    gtk_widget_set_hexpand(drawingArea, 1)
    gtk_widget_set_vexpand(drawingArea, 1)
    Accessible.setLabel(drawingArea, "Meme preview")
    gtk_overlay_set_child(gtkkit_overlay(widget), drawingArea)

    placeholder = Self.makePlaceholder()
    (loadingIndicator, loadingLabel) = Self.makeLoadingIndicator()
    for child in [topEntry.widget, bottomEntry.widget, placeholder, loadingIndicator] {
      gtk_overlay_add_overlay(gtkkit_overlay(widget), child)
    }

    DrawingArea.setDrawFunction(drawingArea) { [weak self] context, width, height in
      self?.draw(on: context, width: Double(width), height: Double(height))
    }
    Signal.connectChildPosition(widget) { [weak self] child in self?.position(of: child) }
    // A new size means a new on-screen picture size: resample once, not on every keystroke.
    Signal.connectResize(drawingArea) { [weak self] _, _ in self?.fittedPicture = nil }
    Signal.connectNotify(drawingArea, property: "scale-factor") { [weak self] in
      self?.fittedPicture = nil
    }
    showPicture(nil)
  }

  // MARK: - Model to screen

  func showPicture(_ image: EditorImage?) {
    guard image !== self.image || image == nil else { return }
    self.image = image
    fittedPicture = nil
    cachedLayout = nil
    let hasImage = image != nil
    gtk_widget_set_visible(placeholder, hasImage ? 0 : 1)
    gtk_widget_set_visible(topEntry.widget, hasImage ? 1 : 0)
    gtk_widget_set_visible(bottomEntry.widget, hasImage ? 1 : 0)
    gtk_widget_queue_allocate(widget)
    gtk_widget_queue_draw(drawingArea)
  }

  func showCaptions(_ captions: MemeCaptions) {
    guard captions != self.captions else { return }
    self.captions = captions
    cachedLayout = nil
    topEntry.text = captions.top
    bottomEntry.text = captions.bottom
    gtk_widget_queue_draw(drawingArea)
  }

  /// Shows or hides the "Loading…" indicator.
  func showLoading(_ fileName: String?) {
    if let fileName {
      gtk_label_set_text(gtkkit_label(loadingLabel), "Loading \(fileName)…")
    }
    gtk_widget_set_visible(loadingIndicator, fileName == nil ? 0 : 1)
  }

  /// The caption layout currently drawn (for the style popover's font and overflow reports).
  var layout: MemeLayout? {
    guard let image else { return nil }
    if let cachedLayout { return cachedLayout }
    let layout = MemeLayout(captions: captions, imageWidth: image.width, imageHeight: image.height)
    cachedLayout = layout
    return layout
  }

  /// Where the picture lies in the canvas, in canvas coordinates (zero when there is none).
  var pictureRect: ImageRect {
    guard let image else { return ImageRect(x: 0, y: 0, width: 0, height: 0) }
    return AspectFit.rect(
      imageWidth: image.width, imageHeight: image.height,
      inWidth: Double(gtk_widget_get_width(drawingArea)), height: Double(gtk_widget_get_height(drawingArea)))
  }

  // MARK: - Drawing

  private func draw(on context: OpaquePointer, width: Double, height: Double) {
    guard let image, let layout else { return }
    let rect = AspectFit.rect(
      imageWidth: image.width, imageHeight: image.height, inWidth: width, height: height)
    guard rect.width >= 1, rect.height >= 1 else { return }
    let scaleFactor = Double(gtk_widget_get_scale_factor(drawingArea))
    let deviceWidth = max(1, Int((rect.width * scaleFactor).rounded()))
    let deviceHeight = max(1, Int((rect.height * scaleFactor).rounded()))
    if fittedPicture?.width != deviceWidth || fittedPicture?.height != deviceHeight {
      fittedPicture = image.preview.scaled(toWidth: deviceWidth, height: deviceHeight)
    }
    if let fittedPicture {
      cairo_save(context)
      cairo_translate(context, rect.x, rect.y)
      cairo_scale(context, 1 / scaleFactor, 1 / scaleFactor)
      cairo_set_source_surface(context, fittedPicture.surface, 0, 0)
      cairo_paint(context)
      cairo_restore(context)
    }
    // The captions: the export's own layout, in image pixels, scaled onto the picture.
    cairo_save(context)
    cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    cairo_clip(context)
    cairo_translate(context, rect.x, rect.y)
    cairo_scale(context, rect.width / Double(image.width), rect.height / Double(image.height))
    layout.draw(on: context)
    cairo_restore(context)
  }

  // MARK: - Caption fields over the picture

  /// Places a caption field over its band of the picture; other overlays keep their default place.
  private func position(of child: UnsafeMutablePointer<GtkWidget>) -> GdkRectangle? {
    let entry: CaptionEntry
    if child == topEntry.widget {
      entry = topEntry
    } else if child == bottomEntry.widget {
      entry = bottomEntry
    } else {
      return nil
    }
    guard let image else { return GdkRectangle(x: 0, y: 0, width: 0, height: 0) }
    let picture = pictureRect
    let scale = picture.width / Double(image.width)
    let band = CaptionGeometry.band(for: entry.position, imageWidth: image.width, imageHeight: image.height)
    var naturalHeight: Int32 = 0
    var minimumHeight: Int32 = 0
    gtk_widget_measure(entry.widget, GTK_ORIENTATION_VERTICAL, -1, &minimumHeight, &naturalHeight, nil, nil)
    var minimumWidth: Int32 = 0
    gtk_widget_measure(entry.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, nil, nil, nil)
    // Inside the picture: the band's width, centred on the band, clamped to the picture's edges.
    let width = min(max(band.width * scale, Double(minimumWidth)), picture.width)
    let height = min(Double(naturalHeight), picture.height / 2)
    let x = picture.x + (picture.width - width) / 2
    let bandCentre = picture.y + (band.y + band.height / 2) * scale
    let y = min(max(bandCentre - height / 2, picture.y), picture.y + picture.height - height)
    return GdkRectangle(
      x: Int32(x.rounded(.up)), y: Int32(y.rounded(.up)), width: Int32(width.rounded(.down)),
      height: Int32(height.rounded(.down)))
  }

  // MARK: - Building

  private static func makePlaceholder() -> UnsafeMutablePointer<GtkWidget> {
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
    gtk_widget_set_name(box, "placeholder")
    gtk_widget_add_css_class(box, "placeholder")
    gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
    let icon = gtk_image_new_from_icon_name("image-x-generic-symbolic")!
    gtk_image_set_pixel_size(gtkkit_image(icon), 96)
    gtk_widget_add_css_class(icon, "placeholder-icon")
    let title = gtk_label_new("No Picture Yet")!
    gtk_widget_add_css_class(title, "title-1")
    let subtitle = gtk_label_new("Choose one from your Album, paste one, or drop one here.")!
    gtk_label_set_wrap(gtkkit_label(subtitle), 1)
    gtk_label_set_justify(gtkkit_label(subtitle), GTK_JUSTIFY_CENTER)
    gtk_widget_add_css_class(subtitle, "placeholder-subtitle")
    let button = gtk_button_new_with_mnemonic("Choose from _Album…")!
    gtk_widget_set_name(button, "placeholder-album-button")
    gtk_widget_add_css_class(button, "suggested-action")
    gtk_widget_add_css_class(button, "pill")
    gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
    gtk_widget_set_margin_top(button, 12)
    gtk_actionable_set_action_name(gtkkit_actionable(button), EditorAction.open.detailedName)
    for child in [icon, title, subtitle, button] { gtk_box_append(gtkkit_box(box), child) }
    return box
  }

  private static func makeLoadingIndicator() -> (
    UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkWidget>
  ) {
    let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
    gtk_widget_set_name(box, "loading")
    gtk_widget_add_css_class(box, "osd")
    gtk_widget_add_css_class(box, "loading-indicator")
    gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
    let spinner = gtk_spinner_new()!
    gtk_spinner_start(OpaquePointer(spinner))
    let label = gtk_label_new("Loading…")!
    gtk_box_append(gtkkit_box(box), spinner)
    gtk_box_append(gtkkit_box(box), label)
    gtk_widget_set_visible(box, 0)
    return (box, label)
  }
}
