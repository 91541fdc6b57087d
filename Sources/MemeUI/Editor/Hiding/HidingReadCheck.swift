// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeEditing
import MemeTextReading

/// Hiding checks itself: each Pixelate or Blur hidden area, once it is set (added, its method or
/// strength changed, moved or resized), is drawn as export draws it and read on the text reader's
/// low-priority thread (see `HiddenAreaReadCheck`). While any area of the meme still reads as
/// words, the editor says "Still readable: make it stronger", in the warning strip and beside the
/// Strength slider; a stronger area that reads clean takes the warning away.
///
/// Results are kept by the area's value: an area undone back to a state already checked is not
/// read again, and an area changed while it was being read leaves that reading unused.
final class HidingReadCheck {
  static var message: String { localized("Still readable: make it stronger") }

  /// How many results are kept before those of areas no longer on the meme are dropped.
  private static let keptResults = 64

  private unowned let host: any EditorHost
  /// Whether each area read, as it is, still shows words.
  private var results: [HiddenArea: Bool] = [:]
  /// The readings under way, by the area they read.
  private var pending: [HiddenArea: Cancellation] = [:]
  /// Called on the main loop when a reading ends: the warning may have changed.
  var onChange: () -> Void = {}

  init(host: any EditorHost) {
    self.host = host
  }

  private var document: EditorDocument { host.document }

  /// Whether a reading is under way.
  var isChecking: Bool { !pending.isEmpty }

  /// The checked areas of the meme as it is now.
  private var checkedAreas: [HiddenArea] {
    document.layers.compactMap(\.hiddenArea).filter(HiddenAreaReadCheck.isChecked)
  }

  /// Whether `area` was read and still shows words.
  func isStillReadable(_ area: HiddenArea) -> Bool { results[area] == true }

  /// The warning for the meme as it is now, or nil when every checked area reads clean (or has not
  /// been read yet).
  var warning: String? {
    checkedAreas.contains(where: isStillReadable) ? Self.message : nil
  }

  func documentChanged(_ change: EditorChange) {
    // Another picture, or the same one cut or turned: every area hides something else now.
    if !change.isDisjoint(with: [.image, .transform]) { forgetAll() }
    guard !change.isDisjoint(with: [.captions, .image, .transform]) else { return }
    let areas = Set(checkedAreas)
    // Readings of areas that have changed since (a slider still moving) need not finish.
    for (area, cancellation) in pending where !areas.contains(area) {
      cancellation.cancel()
      pending[area] = nil
    }
    // A slider's run or a drag leaves a result for each step: only the meme's own are kept then.
    if results.count > Self.keptResults { results = results.filter { areas.contains($0.key) } }
    for area in areas where results[area] == nil && pending[area] == nil { check(area) }
  }

  private func check(_ area: HiddenArea) {
    guard let picture = document.image?.full else { return }
    let (transform, layers) = (document.transform, document.layers)
    let region: @Sendable () -> RasterImage? = {
      HiddenAreaReadCheck.region(of: area, in: picture, transform: transform, layers: layers)
    }
    pending[area] = PictureTextOffering.reader.read(making: region) { [weak self] result in
      MainLoop.post { [weak self] in self?.finished(area, result) }
    }
  }

  private func finished(_ area: HiddenArea, _ result: Result<PictureText, ImageError>) {
    guard !host.isDestroyed, pending.removeValue(forKey: area) != nil else { return }
    // A reading that failed (no recognition data installed) warns of nothing.
    if case .success(let text) = result { results[area] = HiddenAreaReadCheck.isStillReadable(text) }
    onChange()
  }

  private func forgetAll() {
    for cancellation in pending.values { cancellation.cancel() }
    pending = [:]
    results = [:]
  }

  /// The window is gone: readings still waiting need not run.
  func windowDestroyed() {
    forgetAll()
  }
}
