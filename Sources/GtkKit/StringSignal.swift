// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport

extension Signal {
  /// Signals with one string argument and no result, e.g. GtkEmojiChooser `emoji-picked`.
  @discardableResult
  public static func connectString(
    _ instance: gpointer, _ signal: String, _ handler: @escaping (String) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_string(
      instance, signal,
      { _, text, data in
        let text = text.map { String(cString: $0) } ?? ""
        MainActor.assumeIsolated { ClosureBox<(String) -> Void>.unretained(data).payload(text) }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: instance, id: id)
  }
}
