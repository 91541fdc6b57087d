// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// Dragging the finished meme out of the canvas: it leaves as a file in the cache folder, and is
/// kept in Sent Memes once it has been dropped somewhere. A still meme leaves as a PNG written when
/// the drag starts; an animated one as every frame in the source's kind (GIF or WebP), written in the
/// background while it is dragged (seconds for a long animation), and handed to the drop target
/// when it is done.
///
/// A drag starts on purpose only: the button held still for the desktop's long-press time, then
/// the pointer moved `minimumDistance` pixels or more. A plain drag is not a drag-out (it pans a
/// zoomed picture, `CanvasZoomControls`): a click that slips, or a drag meant for a text box, must
/// not send a file into another window.
final class DragOut {
  /// How far the pointer goes, after the hold, before the meme leaves with it.
  static let minimumDistance = 12.0

  /// Writes an animation to a file in the background (the editor's export, with its spinner and
  /// Stop button); `finished` runs on the main thread with the result, or with nil when it was
  /// stopped. Returns false when it cannot start (another export is running).
  typealias BackgroundExport = (
    _ snapshot: ShareSnapshot, _ format: ShareFormat, _ file: URL,
    _ finished: @escaping (Result<SharedMeme, ImageError>?) -> Void
  ) -> Bool

  /// A drag in flight: what it shows, and the meme once its file is written.
  private final class Drag {
    let snapshot: ShareSnapshot
    var meme: SharedMeme?
    /// Set when the drag has ended: whether it was dropped somewhere.
    var dropped: Bool?
    init(snapshot: ShareSnapshot, meme: SharedMeme? = nil) {
      self.snapshot = snapshot
      self.meme = meme
    }
  }

  private let snapshot: () -> ShareSnapshot?
  private let export: BackgroundExport
  private let stopExport: () -> Void
  private let dropped: (ShareSnapshot, SharedMeme) -> Void
  private var pending: Drag?
  private var isCancelled = false
  /// Whether the button of the press under way was held still long enough: moving on drags out.
  /// (Tests that drive the drag source's signals without a pointer set it.)
  var isArmed = false
  private let source: OpaquePointer

  /// Offers drags from the widget `addController` puts its gestures on (the canvas's drawing);
  /// `snapshot` is what would be shared now (nil: nothing to drag),
  /// `export` writes an animation in the background and `stopExport` stops it, and `dropped` keeps
  /// a meme that was dropped.
  init(
    addController: (OpaquePointer) -> Void, snapshot: @escaping () -> ShareSnapshot?,
    export: @escaping BackgroundExport, stopExport: @escaping () -> Void,
    dropped: @escaping (ShareSnapshot, SharedMeme) -> Void
  ) {
    self.snapshot = snapshot
    self.export = export
    self.stopExport = stopExport
    self.dropped = dropped
    let source = gtk_drag_source_new()!
    self.source = source
    gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
    DragSignal.connectDragPrepare(source.raw) { [weak self] x, y in self?.prepare(source, fromX: x, y: y) }
    DragSignal.connectDragCancel(source.raw) { [weak self] _ in
      self?.isCancelled = true
      return false
    }
    DragSignal.connectDragEnd(source.raw) { [weak self] _ in self?.end() }
    addController(source)
    watchHold(addController)
  }

  /// A press begins unarmed; held still for the long-press time (any pointer, not only touch), it
  /// is armed until the button is let go.
  private func watchHold(_ addController: (OpaquePointer) -> Void) {
    let press = Gesture.click(button: 1)
    Signal.connectPressed(press.raw) { [weak self] _, _, _ in self?.isArmed = false }
    addController(press)
    addController(Gesture.longPress(button: 1) { [weak self] in self?.isArmed = true })
  }

  /// Called by GTK once the pointer has moved past its drag threshold, and again at every motion
  /// after that while it refuses: so the drag starts at the first motion that is held and far enough.
  private func prepare(_ source: OpaquePointer, fromX x: Double, y: Double)
    -> UnsafeMutablePointer<GdkContentProvider>?
  {
    guard isArmed else { return nil }
    // GTK asks only during a press; a test driving the signals has no pointer to measure.
    if let now = Gesture.currentPoint(of: source),
      ((now.x - x) * (now.x - x) + (now.y - y) * (now.y - y)).squareRoot() < Self.minimumDistance
    {
      return nil
    }
    guard let snapshot = snapshot() else { return nil }
    isCancelled = false
    if case .animated = snapshot.handOverShareFormat { return prepareAnimation(snapshot, source) }
    // The drop target reads the file after the drop, so it must exist now: the pipeline runs here.
    let file = CacheFolder.newFile(named: snapshot.name, extension: "png")
    guard case .success(let meme) = SharePipeline.run(snapshot, as: .png, to: .file(file)) else {
      return nil
    }
    pending = Drag(snapshot: snapshot, meme: meme)
    setIcon(of: source, to: meme.thumbnail)
    let gfile = ObjectOwner(taking: FileURL.file(for: file))
    return withExtendedLifetime(gfile) { gtkkit_content_provider_for_file(gfile.opaque) }
  }

  /// Offers the animation's file at once and writes it in the background: a drop target that asks
  /// for it sooner waits (`DeferredFile`), and one whose export fails or is stopped gets an error.
  private func prepareAnimation(_ snapshot: ShareSnapshot, _ source: OpaquePointer)
    -> UnsafeMutablePointer<GdkContentProvider>?
  {
    let format = snapshot.handOverShareFormat
    let file = CacheFolder.newFile(named: snapshot.name, extension: format.fileExtension)
    let content = DeferredFile()
    let drag = Drag(snapshot: snapshot)
    let started = export(snapshot, format, file) { [weak self] result in
      switch result {
      case .success(let meme)?:
        content.resolve(meme.deliveredFile ?? file)
        drag.meme = meme
        self?.keepIfDropped(drag)
      case .failure(let error)?: content.fail(error.reason)
      case nil: content.fail(localized("The export was stopped."))
      }
    }
    guard started else { return nil }
    pending = drag
    // The first frame, as the still share draws it: an animation's frames are small.
    if let firstFrame = try? SharePipeline.render(snapshot) { setIcon(of: source, to: firstFrame) }
    return content.newContentReference()
  }

  private func end() {
    guard let drag = pending else { return }
    pending = nil
    drag.dropped = !isCancelled
    isCancelled = false
    // Nobody is waiting for a file still being written when the drag went nowhere.
    if drag.dropped == false, drag.meme == nil { stopExport() }
    keepIfDropped(drag)
  }

  /// Keeps the meme once it has both been dropped and been written.
  private func keepIfDropped(_ drag: Drag) {
    guard drag.dropped == true, let meme = drag.meme else { return }
    drag.dropped = nil
    dropped(drag.snapshot, meme)
  }

  /// The meme itself, small, under the pointer while it is dragged.
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
