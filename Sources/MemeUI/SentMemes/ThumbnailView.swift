// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeStore

/// A meme's thumbnail, fitted whole into a fixed frame, or a placeholder icon when its files are
/// missing. Shared by the List's rows and the Grid's tiles.
final class ThumbnailView {
  /// The frame (a GtkOverlay with rounded corners that clip the picture).
  let widget: UnsafeMutablePointer<GtkWidget>
  let picture: UnsafeMutablePointer<GtkWidget>
  let placeholder: UnsafeMutablePointer<GtkWidget>
  private let thumbnails: ThumbnailCache
  private var requestedID: Int64?

  init(thumbnails: ThumbnailCache, width: Int32, height: Int32, cssClass: String) {
    self.thumbnails = thumbnails
    widget = gtk_overlay_new()
    gtk_widget_add_css_class(widget, cssClass)
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
    gtk_widget_set_size_request(widget, width, height)
    gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    picture = gtk_picture_new()
    gtk_picture_set_content_fit(gtkkit_picture(picture), GTK_CONTENT_FIT_COVER)
    gtk_picture_set_can_shrink(gtkkit_picture(picture), 1)
    gtk_overlay_set_child(gtkkit_overlay(widget), picture)
    placeholder = gtk_image_new_from_icon_name("image-missing-symbolic")
    gtk_image_set_pixel_size(gtkkit_image(placeholder), min(width, height) / 3)
    gtk_widget_add_css_class(placeholder, "dim-label")
    gtk_widget_set_name(placeholder, "missing-thumbnail")
    gtk_widget_set_visible(placeholder, 0)
    gtk_overlay_add_overlay(gtkkit_overlay(widget), placeholder)
  }

  /// Whether the placeholder is showing (the meme's files are missing).
  var showsPlaceholder: Bool { gtk_widget_get_visible(placeholder) != 0 }
  /// Whether a thumbnail texture is showing.
  var showsThumbnail: Bool { gtk_picture_get_paintable(gtkkit_picture(picture)) != nil }

  func show(_ meme: SentMeme) {
    clear()
    requestedID = meme.id
    // Screen readers announce the picture by what it says (the row's or tile's name too).
    Accessible.setLabel(picture, MemeDescription.accessibleName(of: meme))
    thumbnails.request(meme, for: self) { [weak self] thumbnail in
      guard let self, requestedID == meme.id else { return }
      switch thumbnail {
      case .texture(let texture):
        gtk_picture_set_paintable(gtkkit_picture(picture), gtkkit_paintable(texture.raw))
        gtk_widget_set_visible(placeholder, 0)
      case .missing:
        gtk_picture_set_paintable(gtkkit_picture(picture), nil)
        gtk_widget_set_visible(placeholder, 1)
      }
    }
  }

  func clear() {
    cancelRequest()
    gtk_picture_set_paintable(gtkkit_picture(picture), nil)
    gtk_widget_set_visible(placeholder, 0)
  }

  /// Forgets the pending thumbnail without touching the widgets.
  func cancelRequest() {
    if let requestedID { thumbnails.cancel(requestedID, for: self) }
    requestedID = nil
  }
}
