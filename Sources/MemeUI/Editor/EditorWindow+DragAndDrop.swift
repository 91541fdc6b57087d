// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// Dropping a picture in, dragging the finished meme out as a file.
extension EditorWindow {
  func connectDragAndDrop() {
    acceptDrops()
    offerDrags()
  }

  /// Picture files from a file manager, or image data from another application.
  private func acceptDrops() {
    // GType 0 is G_TYPE_INVALID: the accepted types are set just below.
    let target = gtk_drop_target_new(0, GDK_ACTION_COPY)!
    var types = [gtkkit_type_file_list(), gtkkit_type_texture()]
    gtk_drop_target_set_gtypes(target, &types, gsize(types.count))
    Signal.connectDrop(target.raw) { [weak self] value, _, _ in
      self?.acceptDrop(value) ?? false
    }
    canvas.widget.addController(target)
  }

  /// Loads a dropped picture file or image; false when the value holds neither.
  func acceptDrop(_ value: UnsafePointer<GValue>) -> Bool {
    if let url = FileList.urls(in: value).first {
      load(url)
      return true
    }
    if gtkkit_value_holds(value, gtkkit_type_texture()) != 0, let texture = g_value_get_object(value),
      let png = Texture(retaining: texture).pngBytes()
    {
      load(pasted: png)
      return true
    }
    return false
  }

  /// The meme leaves as a PNG file written to the cache when the drag starts.
  private func offerDrags() {
    let source = gtk_drag_source_new()!
    gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
    Signal.connectDragPrepare(source.raw) { [weak self] _, _ in
      guard let self, let picture = document.image else { return nil }
      let snapshot = ShareSnapshot(
        captions: document.captions, picture: picture, transform: document.transform)
      let file = CacheFolder.newFile(named: snapshot.name, extension: "png")
      // The drop target reads the file after the drop, so it must exist now: the pipeline runs here.
      guard case .success(let meme) = SharePipeline.run(snapshot, as: .png, to: .file(file)) else {
        return nil
      }
      pendingDrag = (snapshot, meme)
      setDragIcon(of: source, to: meme.thumbnail)
      let gfile = ObjectOwner(taking: FileURL.file(for: file))
      return withExtendedLifetime(gfile) { gtkkit_content_provider_for_file(gfile.opaque) }
    }
    var cancelled = false
    Signal.connectDragCancel(source.raw) { _ in
      cancelled = true
      return false
    }
    Signal.connectDragEnd(source.raw) { [weak self] _ in
      guard let self, let drag = pendingDrag else { return }
      pendingDrag = nil
      if !cancelled {
        shared(drag.snapshot, drag.meme, confirmation: nil)
      }
      cancelled = false
    }
    canvas.drawingArea.addController(source)
  }

  /// The meme itself, small (from its Sent Memes thumbnail), under the pointer while it is dragged.
  private func setDragIcon(of source: OpaquePointer, to rendered: RasterImage) {
    let size = 160.0
    let scale = min(size / Double(rendered.width), size / Double(rendered.height), 1)
    let width = max(1, Int(Double(rendered.width) * scale))
    let height = max(1, Int(Double(rendered.height) * scale))
    guard let thumbnail = rendered.scaled(toWidth: width, height: height),
      let png = try? ImageWriter.encode(thumbnail, as: .png),
      let texture = Texture(encoded: png)
    else { return }
    gtk_drag_source_set_icon(source, texture.paintable, Int32(width / 2), Int32(height / 2))
  }
}
