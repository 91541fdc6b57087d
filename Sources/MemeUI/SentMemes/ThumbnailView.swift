// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore
import MemeStore
import MemeVideo

/// A meme's thumbnail, fitted whole into a frame, or a placeholder icon when its files are missing.
/// Shared by the List's rows and the Grid's tiles.
///
/// The thumbnail is painted by a drawing area from an image made at the frame's pixel size: while
/// the view scrolls, GTK keeps the area's drawing and only moves it, and the image is copied to the
/// screen as it is, with no scaling or format conversion on the way.
package final class ThumbnailView {
  /// The frame (a GtkOverlay with rounded corners that clip the picture).
  let widget: UnsafeMutablePointer<GtkWidget>
  /// Paints the thumbnail (an image in the accessibility tree, named after the meme).
  let picture: UnsafeMutablePointer<GtkWidget>
  private let placeholderIcon = Image(iconName: IconName.missingThumbnail)
  var placeholder: Widget { placeholderIcon.widget }
  /// "GIF" in a corner of an animated meme's thumbnail (its first frame), "Video" and its length
  /// on a video's; the picture's accessible name says which it is.
  let animationBadge = Label(localized("GIF"))
  private let thumbnails: ThumbnailCache
  /// The frame's size in logical pixels.
  private(set) var width: Int32
  private(set) var height: Int32
  /// The meme shown (or being loaded), and the request made for it.
  private var meme: SentMeme?
  private var request: ThumbnailCache.Key?
  /// The image painted: the meme's thumbnail, possibly at an older size while a new one loads.
  private(set) var image: RasterImage?

  init(thumbnails: ThumbnailCache, width: Int32, height: Int32, cssClass: String) {
    self.thumbnails = thumbnails
    self.width = width
    self.height = height
    let frame = Overlay()
    widget = frame.widget
    widget.addCSSClass(cssClass)
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
    gtk_widget_set_size_request(widget, width, height)
    widget.horizontalAlignment = GTK_ALIGN_CENTER
    widget.verticalAlignment = GTK_ALIGN_CENTER
    picture = gtk_drawing_area_new()
    frame.setChild(picture)
    placeholderIcon.setPixelSize(min(width, height) / 3)
    placeholder.addCSSClass("dim-label")
    placeholder.name = "missing-thumbnail"
    placeholder.isVisible = false
    frame.add(placeholder)
    addMark(animationBadge.widget, named: "animation-badge", at: GTK_ALIGN_END)
    // A thumbnail that arrives after the window is gone must not touch the frame's widgets, which
    // went with it.
    Signal.connect(widget, "destroy") { [weak self] in self?.cancelRequest() }
    DrawingArea.setDrawFunction(picture) { [weak self] context, width, height in
      self?.draw(on: context, width: width, height: height)
    }
  }

  /// Whether the placeholder is showing (the meme's files are missing).
  package var showsPlaceholder: Bool { placeholder.isVisible }
  /// Whether the "GIF" badge is showing (the meme is animated).
  package var showsAnimationBadge: Bool { animationBadge.widget.isVisible }
  /// The badge of a meme sent as a video ("Video · 0:12", its length as its file says) or an
  /// animation ("GIF"); nil for a still one.
  static func badgeText(for meme: SentMeme) -> String? {
    if meme.isVideo {
      guard let seconds = VideoProbe.duration(of: meme.renderedImageURL) else { return localized("Video") }
      // Translators: a video meme's badge in Sent Memes, with its length ("Video · 0:12").
      return String(format: localized("Video · %@"), VideoPlayback.clockText(seconds.rounded()))
    }
    return meme.isAnimated ? localized("GIF") : nil
  }

  /// Whether the meme's thumbnail is showing at the frame's pixel size.
  package var showsThumbnail: Bool { image != nil && image?.width == pixelWidth }

  /// The frame's width in device pixels: thumbnails are made this wide.
  var pixelWidth: Int { Int(width) * Int(max(1, gtk_widget_get_scale_factor(widget))) }

  func show(_ meme: SentMeme) {
    clear()
    self.meme = meme
    // Screen readers announce the picture by what it says (the row's or tile's name too).
    Accessible.setLabel(picture, meme.accessibleName)
    animationBadge.text = Self.badgeText(for: meme) ?? ""
    animationBadge.widget.isVisible = meme.isAnimated || meme.isVideo
    requestThumbnail()
  }

  /// The meme shown, with details changed (an edited description): the picture's name follows.
  func showDetails(of meme: SentMeme) {
    guard meme.id == self.meme?.id else { return }
    self.meme = meme
    Accessible.setLabel(picture, meme.accessibleName)
  }

  /// Changes the frame's size (the Grid's tiles follow the window's width); the thumbnail shown is
  /// stretched until one of the new size arrives.
  func resize(width: Int32, height: Int32) {
    guard width != self.width || height != self.height else { return }
    self.width = width
    self.height = height
    gtk_widget_set_size_request(widget, width, height)
    placeholderIcon.setPixelSize(min(width, height) / 3)
    if meme != nil, !showsPlaceholder { requestThumbnail() }
  }

  func clear() {
    cancelRequest()
    meme = nil
    setImage(nil)
    placeholder.isVisible = false
    animationBadge.widget.isVisible = false
  }

  /// Forgets the pending thumbnail without touching the widgets.
  func cancelRequest() {
    if let request { thumbnails.cancel(request, for: self) }
    request = nil
  }

  private func requestThumbnail() {
    guard let meme else { return }
    cancelRequest()
    let key = ThumbnailCache.Key(id: meme.id, pixelWidth: pixelWidth)
    request = key
    thumbnails.request(meme, pixelWidth: key.pixelWidth, for: self) { [weak self] thumbnail in
      guard let self, request == key else { return }
      request = nil
      switch thumbnail {
      case .image(let image):
        setImage(image)
        placeholder.isVisible = false
      case .missing:
        setImage(nil)
        placeholder.isVisible = true
      }
    }
  }

  /// A `GdkTexture *` (one reference, for the caller) of the thumbnail shown, e.g. for a drag icon.
  /// Thumbnails are never drawn on once made, so the texture can share their pixels.
  func texture() -> Texture? { image.map(FrameTexture.make(from:)) }

  private func setImage(_ newImage: RasterImage?) {
    guard newImage !== image else { return }
    image = newImage
    picture.queueDraw()
  }

  private func draw(on context: OpaquePointer, width: Int, height: Int) {
    guard let image else { return }
    // Logical pixels to the image's: 1:1 on a plain screen when the image has the frame's size.
    let scale = Double(width) / Double(image.width)
    if scale != 1 { cairo_scale(context, scale, Double(height) / Double(image.height)) }
    cairo_set_source_surface(context, image.surface, 0, 0)
    cairo_paint(context)
  }

  /// Puts `mark` (hidden until its cell shows it) in the frame's end corner, at its bottom or top:
  /// an animation's badge, a received meme's emblem. Its name is also its style class.
  func addMark(_ mark: Widget, named name: String, at verticalAlignment: GtkAlign) {
    mark.name = name
    mark.addCSSClass(name)
    mark.horizontalAlignment = GTK_ALIGN_END
    mark.verticalAlignment = verticalAlignment
    mark.isVisible = false
    Overlay(wrapping: widget).add(mark)
  }
}
