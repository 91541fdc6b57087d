// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// Dragging the finished meme out of the canvas: it leaves as a PNG file written to the cache when
/// the drag starts, and is kept in Sent Memes once it has been dropped somewhere.
final class DragOut {
  private let snapshot: () -> ShareSnapshot?
  private let dropped: (ShareSnapshot, SharedMeme) -> Void
  /// The exported file and what it shows, while a drag is in flight.
  private var pending: (snapshot: ShareSnapshot, meme: SharedMeme)?
  private var isCancelled = false

  /// Offers drags from `widget`; `snapshot` is what would be shared now (nil: nothing to drag), and
  /// `dropped` keeps a meme that was dropped.
  init(
    from widget: UnsafeMutablePointer<GtkWidget>, snapshot: @escaping () -> ShareSnapshot?,
    dropped: @escaping (ShareSnapshot, SharedMeme) -> Void
  ) {
    self.snapshot = snapshot
    self.dropped = dropped
    let source = gtk_drag_source_new()!
    gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
    Signal.connectDragPrepare(source.raw) { [weak self] _, _ in self?.prepare(source) }
    Signal.connectDragCancel(source.raw) { [weak self] _ in
      self?.isCancelled = true
      return false
    }
    Signal.connectDragEnd(source.raw) { [weak self] _ in self?.end() }
    widget.addController(source)
  }

  /// The drop target reads the file after the drop, so it must exist now: the pipeline runs here.
  private func prepare(_ source: OpaquePointer) -> UnsafeMutablePointer<GdkContentProvider>? {
    guard let snapshot = snapshot() else { return nil }
    let file = CacheFolder.newFile(named: snapshot.name, extension: "png")
    guard case .success(let meme) = SharePipeline.run(snapshot, as: .png, to: .file(file)) else {
      return nil
    }
    pending = (snapshot, meme)
    setIcon(of: source, to: meme.thumbnail)
    let gfile = ObjectOwner(taking: FileURL.file(for: file))
    return withExtendedLifetime(gfile) { gtkkit_content_provider_for_file(gfile.opaque) }
  }

  private func end() {
    guard let drag = pending else { return }
    pending = nil
    if !isCancelled { dropped(drag.snapshot, drag.meme) }
    isCancelled = false
  }

  /// The meme itself, small (from its Sent Memes thumbnail), under the pointer while it is dragged.
  private func setIcon(of source: OpaquePointer, to rendered: RasterImage) {
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
