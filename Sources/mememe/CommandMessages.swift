// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// A name or value from the command line as a message shows it: quoted when it could break the line
/// or reach the terminal.
func quoted(_ name: String) -> String { FileNameQuoting.quoted(name) }

/// Always in quotes, for values set in a sentence (`'Comic Sans'`), escaped like `quoted`; a long
/// value (a 100 KB `--text-color`) is shortened to its start and its length, so the message stays one
/// readable line.
func alwaysQuoted(_ value: String) -> String {
  let text = FileNameQuoting.quoted(shortened(value))
  return text.hasPrefix("'") || text.hasPrefix("$") ? text : "'\(text)'"
}

/// A failure reported as one line on standard error, with a non-zero exit.
struct CommandFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

func printToStandardError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The longest value a message shows whole, in characters.
let longestValueShown = 60

/// `value`, or its first characters and how long it is when it is longer than `longestValueShown`.
func shortened(_ value: String) -> String {
  guard value.count > longestValueShown else { return value }
  return "\(value.prefix(longestValueShown - 20))… (\(value.count) characters)"
}

/// `message` with every word longer than `longestValueShown` shortened: the argument parser echoes
/// whatever value it refuses.
func shorteningLongWords(_ message: String) -> String {
  guard message.count > longestValueShown else { return message }
  return message.split(separator: " ", omittingEmptySubsequences: false).map { word in
    word.count > longestValueShown ? shortened(String(word)) : String(word)
  }.joined(separator: " ")
}
