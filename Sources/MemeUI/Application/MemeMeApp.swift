// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The graphical application's entry point, called by `mememe` when it has no command to run.
public enum MemeMeApp {
  /// The reverse-DNS id: D-Bus name, .desktop file and icon name.
  public static let applicationID = "io.github.mememe.MemeMe"

  /// Runs the editor until its last window closes; returns the exit status.
  /// `arguments` are the process arguments (files after the program name are opened).
  /// Shared memes go to `sentMemes` when given, otherwise to the store in `$XDG_DATA_HOME/<id>/`.
  public static func run(arguments: [String], sentMemes: SentMemeSink? = nil) -> Int32 {
    let app = MemeMeApplication(sink: sentMemes ?? InMemorySentMemes())
    if sentMemes == nil { app.openStore = { StoreSentMemes.open(appID: applicationID) } }
    return withExtendedLifetime(app) { app.run(arguments: arguments) }
  }
}
