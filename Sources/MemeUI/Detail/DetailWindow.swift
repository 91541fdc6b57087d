// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeStore

/// The Meme Detail window: the rendered meme centred at its aspect ratio, scaled to fit; a back
/// button to Sent Memes; Edit, Delete, and the editor's Share menu (Save As…, Copy Image, Open With…,
/// Send by E-mail), each confirmed by a toast. Behaviour lives in
/// `DetailWindow+Actions.swift`; this file holds the state and builds the widget tree.
final class DetailWindow: AppWindow {
  /// Asks the user where to save (tests replace it to answer without a dialog).
  typealias SavePicker = (_ suggestedName: String, _ completion: @escaping (URL?) -> Void) -> Void

  let window: UnsafeMutablePointer<GtkWidget>
  let meme: SentMeme
  /// The Sent Memes tab the meme was opened from: Back returns there.
  let returnTab: SentMemesWindow.Tab

  private(set) var picture: UnsafeMutablePointer<GtkWidget>!
  private(set) var missingLabel: UnsafeMutablePointer<GtkWidget>!
  private(set) var backButton: UnsafeMutablePointer<GtkWidget>!
  /// Pixel size of the rendered meme once loaded (nil while loading or when missing).
  private(set) var imageSize: (width: Int, height: Int)?
  /// True until the rendered meme has been decoded (or found missing); meanwhile the picture shows
  /// the meme's thumbnail scaled up, when there is one.
  private(set) var isLoading = true
  /// Whether the picture shows the thumbnail while the rendered meme loads.
  private(set) var showsPreview = false
  /// Set when GTK destroys the window: late results must not touch its widgets.
  private(set) var isDestroyed = false

  var onBack: () -> Void = {}
  var onEdit: (Meme) -> Void = { _ in }
  var onDelete: (Int64) -> Void = { _ in }
  lazy var savePicker: SavePicker = { [weak self] name, completion in
    guard let self else { return }
    SaveChooser.present(parent: window, suggestedName: name, preferences: preferences, completion: completion)
  }
  /// "Saved to Pictures/…", "Copied to the clipboard": what a share did.
  let toast = Toast(valign: GTK_ALIGN_END)

  /// The largest side the window shows; a bigger meme is decoded smaller (Save As uses the file).
  nonisolated static let displayLimit = 2560
  /// The largest thumbnail file decoded on the main thread as the preview (the store makes them 160
  /// pixels wide; a bigger one, from another version or a hand-edited folder, is not worth the wait).
  static let previewLimit = 512

  let preferences: Preferences

  init(application: Application, meme: SentMeme, returnTab: SentMemesWindow.Tab, preferences: Preferences) {
    self.meme = meme
    self.preferences = preferences
    self.returnTab = returnTab
    SentMemesStyleSheet.installOnce()
    window = Self.makeWindow(of: application, title: localized("Meme Detail"), name: "detail-window")
    gtk_window_set_default_size(gtkkit_window(window), 760, 680)
    buildHeaderBar()
    buildContent()
    addActions()
    Signal.connect(window, "destroy") { [weak self] in self?.isDestroyed = true }
    loadImage()
    showPreview()
  }

  func present() {
    gtk_window_present(gtkkit_window(window))
  }

  // MARK: - Building the tree

  private func buildHeaderBar() {
    let header = gtk_header_bar_new()!
    backButton = gtk_button_new()
    let backContent = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    gtk_box_append(gtkkit_box(backContent), gtk_image_new_from_icon_name("go-previous-symbolic"))
    let backLabel = gtk_label_new(localized("Sent Memes"))!
    // Gives way before the window does: with GNOME's own font (Cantarell 11, as the Wayland run
    // has it) the header bar is otherwise a few pixels wider than a 360 px window.
    gtk_label_set_ellipsize(gtkkit_label(backLabel), PANGO_ELLIPSIZE_END)
    gtk_label_set_width_chars(gtkkit_label(backLabel), 5)  // "Sent…" at least, never a lone "…"
    gtk_box_append(gtkkit_box(backContent), backLabel)
    gtk_button_set_child(gtkkit_button(backButton), backContent)
    gtk_actionable_set_action_name(gtkkit_actionable(backButton), DetailAction.back.detailedName)
    gtk_widget_set_name(backButton, "back-button")
    Accessible.setLabel(backButton, localized("Sent Memes"))
    gtk_widget_set_tooltip_text(backButton, localized("Back to Sent Memes (Alt+←)"))
    gtk_header_bar_pack_start(gtkkit_header_bar(header), backButton)

    gtk_header_bar_set_title_widget(gtkkit_header_bar(header), makeTitle())

    let edit = Accessible.mnemonicButton(localized("_Edit"))
    gtk_widget_add_css_class(edit, "suggested-action")
    configure(
      edit, action: .edit, name: "edit-button", label: localized("Edit"),
      tooltip: localized("Change and send again (Ctrl+E)"))
    gtk_header_bar_pack_end(gtkkit_header_bar(header), edit)
    gtk_header_bar_pack_end(gtkkit_header_bar(header), ShareMenu.button(name: "share-button"))
    let delete = gtk_button_new_from_icon_name("user-trash-symbolic")!
    configure(
      delete, action: .delete, name: "delete-button", label: localized("Delete"),
      tooltip: localized("Delete (Delete)"))
    gtk_header_bar_pack_end(gtkkit_header_bar(header), delete)
    gtk_window_set_titlebar(gtkkit_window(window), header)
  }

  private func configure(
    _ button: UnsafeMutablePointer<GtkWidget>, action: DetailAction, name: String, label: String,
    tooltip: String
  ) {
    gtk_actionable_set_action_name(gtkkit_actionable(button), action.detailedName)
    gtk_widget_set_name(button, name)
    Accessible.setLabel(button, label)
    gtk_widget_set_tooltip_text(button, tooltip)
  }

  /// The captions as the title, when it was sent as the subtitle.
  private func makeTitle() -> UnsafeMutablePointer<GtkWidget> {
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
    let title = gtk_label_new(MemeDescription.accessibleName(of: meme))!
    gtk_widget_add_css_class(title, "detail-title")
    gtk_label_set_ellipsize(gtkkit_label(title), PANGO_ELLIPSIZE_END)
    gtk_label_set_max_width_chars(gtkkit_label(title), 40)
    let subtitle = gtk_label_new(SentTimeFormatter().fullString(for: meme.sentAt))!
    gtk_widget_add_css_class(subtitle, "detail-subtitle")
    gtk_widget_add_css_class(subtitle, "dim-label")
    // Both lines give way in a narrow window (down to 360 px) rather than widen it.
    gtk_label_set_ellipsize(gtkkit_label(subtitle), PANGO_ELLIPSIZE_END)
    gtk_box_append(gtkkit_box(box), title)
    gtk_box_append(gtkkit_box(box), subtitle)
    return box
  }

  private func buildContent() {
    let overlay = gtk_overlay_new()!
    gtk_widget_add_css_class(overlay, "detail-canvas")
    picture = gtk_picture_new()
    gtk_widget_set_name(picture, "detail-picture")
    gtk_picture_set_content_fit(gtkkit_picture(picture), GTK_CONTENT_FIT_CONTAIN)
    gtk_picture_set_can_shrink(gtkkit_picture(picture), 1)
    gtk_picture_set_alternative_text(gtkkit_picture(picture), MemeDescription.accessibleName(of: meme))
    // GTK 4.8 gives the alternative text to assistive technologies as a description only: name it too.
    Accessible.setLabel(picture, MemeDescription.accessibleName(of: meme))
    gtk_widget_set_hexpand(picture, 1)
    gtk_widget_set_vexpand(picture, 1)
    for margin in [
      gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
      gtk_widget_set_margin_end,
    ] {
      margin(picture, 18)
    }
    gtk_overlay_set_child(gtkkit_overlay(overlay), picture)

    missingLabel = gtk_label_new(localized("The image of this meme is missing."))
    gtk_widget_set_name(missingLabel, "detail-missing")
    gtk_widget_add_css_class(missingLabel, "detail-missing")
    gtk_widget_set_visible(missingLabel, 0)
    gtk_overlay_add_overlay(gtkkit_overlay(overlay), missingLabel)
    gtk_overlay_add_overlay(gtkkit_overlay(overlay), toast.widget)
    gtk_window_set_child(gtkkit_window(window), overlay)
  }

  // MARK: - The rendered meme

  /// Shows the meme's thumbnail, scaled up, in the window's first frame. The rendered meme is decoded
  /// in the background and, arriving after that frame, would need a frame of its own: until then the
  /// window would open empty. A thumbnail file is a few kilobytes (well under a millisecond to decode,
  /// and just read by the list, so in the disk cache).
  private func showPreview() {
    let loader = ImageLoader()
    guard isLoading, let size = try? loader.pixelSize(ofImageAt: meme.thumbnailURL),
      size.width <= Self.previewLimit, size.height <= Self.previewLimit,
      let thumbnail = try? loader.load(contentsOf: meme.thumbnailURL)
    else { return }
    show(thumbnail)
    showsPreview = true
  }

  private func show(_ image: RasterImage) {
    let texture = FrameTexture.make(from: image)
    gtk_picture_set_paintable(gtkkit_picture(picture), gtkkit_paintable(texture.raw))
    g_object_unref(texture.raw)
  }

  /// Decodes the rendered file off the main thread, at most `displayLimit` pixels wide.
  private func loadImage() {
    let url = meme.renderedImageURL
    MainLoop.runInBackground(
      { () -> Result<RasterImage, ImageError> in
        let loader = ImageLoader()
        return Result { () throws(ImageError) in
          let size = try loader.pixelSize(ofImageAt: url)
          let width = size.width > Self.displayLimit ? Self.displayLimit : nil
          return try loader.load(contentsOf: url, targetWidth: width)
        }
      },
      then: { [weak self] result in
        guard let self, !isDestroyed else { return }
        isLoading = false
        switch result {
        case .success(let image):
          imageSize = (image.width, image.height)
          show(image)
          showsPreview = false
        case .failure:
          // The preview must not pass for the meme whose picture is missing.
          gtk_picture_set_paintable(gtkkit_picture(picture), nil)
          showsPreview = false
          gtk_widget_set_visible(missingLabel, 1)
          for action in Self.shareActions {
            actions.action(named: action.name)?.isEnabled = false
          }
        }
      })
  }

  /// Shows an error over this window.
  func showError(title: String, detail: String) {
    MessageDialog.present(.error, parent: gtkkit_window(window), title: title, detail: detail)
  }
}
