// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkPicture: a paintable (an image, a video frame) shown at the size it is given.
public struct Picture {
  public let widget: Widget

  /// An empty picture, given its paintable later.
  public init() {
    widget = gtk_picture_new()
  }

  /// A picture of the image file at `path` (decoded now: for small files, as thumbnails).
  public init(path: String) {
    widget = gtk_picture_new_for_filename(path)
  }

  /// A picture made elsewhere.
  public init(wrapping widget: Widget) {
    self.widget = widget
  }

  private var picture: OpaquePointer { gtkkit_picture(widget) }

  /// Shows `texture` (nil empties the picture); the picture keeps its own reference.
  public func setPaintable(_ texture: Texture?) {
    gtk_picture_set_paintable(picture, texture?.paintable)
  }

  /// How the paintable fits the picture's space.
  public var contentFit: GtkContentFit {
    get { gtk_picture_get_content_fit(picture) }
    nonmutating set { gtk_picture_set_content_fit(picture, newValue) }
  }

  /// What the picture shows, in words (GTK 4.8 hands it to assistive technologies as a description).
  public func setAlternativeText(_ text: String) { gtk_picture_set_alternative_text(picture, text) }

  /// Whether the picture may be smaller than its paintable.
  public var canShrink: Bool {
    get { gtk_picture_get_can_shrink(picture) != 0 }
    nonmutating set { gtk_picture_set_can_shrink(picture, newValue ? 1 : 0) }
  }
}
