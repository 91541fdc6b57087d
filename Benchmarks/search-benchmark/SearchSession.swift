// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeEditing
import MemeUI

/// The app as the search benchmark drives it: launched on a store folder, Sent Memes on its Grid,
/// and the search field typed into. It reaches into MemeUI through `package` access (visible inside
/// this package only), so the app carries none of it.
final class SearchSession {
  private let app: MemeMeApplication
  private var window: SentMemesWindow? { app.sentMemes?.sentMemesWindow }
  private var paints = 0
  /// The paints counted when the window's own search handler had shown the latest results.
  private var paintsAtResults: Int?
  /// When the window's search handler had shown the latest results.
  private var resultsShown = Date()
  /// The main thread's CPU time then, in seconds.
  private var resultsShownCPU = 0.0

  /// Sessions started in this process: each registers its app under a name of its own (the bus
  /// keeps a closed one's name a while).
  private static var sessions = 0

  init(directory: URL) {
    Self.sessions += 1
    let opening = SentMemesLibrary.startOpening(directory: directory)
    guard Gtk.initialize() else {
      print("no display: run under xvfb-run with GDK_BACKEND=x11")
      exit(1)
    }
    app = MemeMeApplication(
      id: "io.github.mememe.SearchBenchmark.p\(getpid()).s\(Self.sessions)", sink: InMemorySentMemes(),
      preferences: .inMemory()
    )
    app.openStore = { SentMemesLibrary.open(opening) }
    app.application.register()
    app.application.activate()
  }

  /// Shows the Grid and waits until it shows `count` memes with their tiles bound.
  func showGrid(expecting count: Int) {
    guard let window else {
      print("Sent Memes did not open (is the store empty?)")
      exit(1)
    }
    window.currentTab = .grid
    _ = iterate { gtk_widget_get_mapped(window.window) != 0 && window.memes.list.count == count }
    Signal.connect(gtk_widget_get_frame_clock(window.window)!.raw, "after-paint") { [unowned self] in
      paints += 1
    }
    // Connected after the window's own handler, so it runs once the results are shown.
    Signal.connect(window.search.entry.widget, "search-changed") { [unowned self] in
      paintsAtResults = paints
      resultsShown = Date()
      resultsShownCPU = Self.threadCPUTime()
    }
    // GTK waits for a pause in typing (150 ms) before it searches; the benchmark measures the work
    // that follows a keystroke, not that pause.
    window.search.entry.searchDelay = 0
    window.search.isSearching = true
    _ = iterate { false }
  }

  var shownCount: Int { window?.memes.list.count ?? 0 }

  /// Sets the search field's text as typing does, and returns the milliseconds until the Grid has
  /// painted the results, and until the list held them (the search and the list's update, before
  /// GTK's layout and paint), in wall-clock time and in the main thread's CPU time (which a loaded
  /// machine does not stretch).
  func type(_ text: String) -> Keystroke {
    guard let window else { return Keystroke() }
    // Keys come a tenth of a second apart or more when typing fast: the window is idle when the next
    // one comes (no frame is due yet, and the thumbnails asked for have arrived).
    let idleUntil = Date().addingTimeInterval(0.1)
    _ = iterate { Date() >= idleUntil }
    paintsAtResults = nil
    let start = Date()
    let startCPU = Self.threadCPUTime()
    enter(text, in: window.search.entry)
    let painted = iterate { (paintsAtResults.map { paints > $0 }) ?? false }
    guard painted else { return Keystroke() }
    let end = (Date(), Self.threadCPUTime())
    return Keystroke(
      painted: end.0.timeIntervalSince(start) * 1000, listed: resultsShown.timeIntervalSince(start) * 1000,
      paintedCPU: (end.1 - startCPU) * 1000, listedCPU: (resultsShownCPU - startCPU) * 1000)
  }

  /// Changes the field's text as typing does: letters added at the end are inserted (one change, as
  /// a key press makes), anything else replaces the text. Replacing "mo" with "mon" would be two
  /// changes, and the first, emptying the field, is searched for at once.
  private func enter(_ text: String, in entry: SearchEntry) {
    let current = entry.text
    guard !current.isEmpty, text.hasPrefix(current), text != current else {
      entry.text = text
      return
    }
    var position = Int32(current.unicodeScalars.count)
    gtk_editable_insert_text(
      gtkkit_editable(entry.widget), String(text.dropFirst(current.count)), -1, &position)
  }

  struct Keystroke {
    var painted = Double.nan
    var listed = Double.nan
    var paintedCPU = Double.nan
    var listedCPU = Double.nan
  }

  /// The calling thread's CPU time, in seconds.
  static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  func close() {
    for window in app.application.windows { gtk_window_destroy(window) }
  }

  /// Runs the main loop until `condition` holds (true) or 10 s have passed (false).
  func iterate(_ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(10)
    while !condition() {
      if Date() > end { return false }
      g_main_context_iteration(nil, 0)
      if !condition() { g_usleep(200) }
    }
    return true
  }
}
