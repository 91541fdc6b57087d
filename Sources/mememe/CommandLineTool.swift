// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import MemeUI

/// The `mememe` command: with no subcommand it starts the app, so only the command line is parsed here.
struct CommandLineTool: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mememe",
    abstract: "Make memes: an image with a top and a bottom caption, and more placed anywhere.",
    discussion: "With no arguments, or with image files, mememe opens the editor window.",
    version: AppIdentity.version,
    subcommands: [RenderCommand.self, CollectCommand.self])

  /// Whether `arguments` (without the program name) are for the command line rather than the app.
  static func handles(_ arguments: [String]) -> Bool {
    guard let first = arguments.first else { return false }
    return ["render", "collect", "help", "--help", "-h", "--version"].contains(first)
  }

  /// Runs the command line and returns the process's exit status. Every failure is one line on
  /// standard error.
  static func run(_ arguments: [String]) -> Int32 {
    do {
      var command = try parseAsRoot(
        pairingLayerOptions(expandingBareEffectOptions(expandingEmptyOptionValues(arguments))))
      try command.run()
      return 0
    } catch let failure as CommandFailure {
      printToStandardError("mememe: \(failure.description)")
      return 1
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        print(fullMessage(for: error))
      } else {
        let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
        printToStandardError("mememe: \(shorteningLongWords(message))")
      }
      return code.rawValue
    }
  }
}
