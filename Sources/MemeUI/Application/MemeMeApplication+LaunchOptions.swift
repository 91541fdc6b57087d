// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit

/// Options of the app itself, given after `mememe` like the files it opens:
///
/// - `--print-texts`: once the first window is on screen, print every text it shows (title, labels,
///   tooltips, menu items), one per line, and quit. Shows translators (and the translation test)
///   the real app's words in the language of its environment, e.g. `LANGUAGE=de mememe --print-texts`.
/// - `--quit-after-first-frame`: quit as soon as the editor has painted its first frame, so the time
///   a launch takes to show a usable window can be measured from outside (Benchmarks/startup).
///
/// GTK would refuse options it does not know, so they are taken out of the arguments first.
struct LaunchOptions: Equatable {
  var printsTexts = false
  var quitsAfterFirstFrame = false

  static let printTextsFlag = "--print-texts"
  static let quitAfterFirstFrameFlag = "--quit-after-first-frame"

  /// Takes the app's options out of `arguments` (the program name first), leaving the rest for GTK.
  static func take(from arguments: inout [String]) -> LaunchOptions {
    var options = LaunchOptions()
    // Only before a lone "--": after it, every argument is a file to open, whatever its name.
    var end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    var index = min(1, arguments.count)
    while index < end {
      switch arguments[index] {
      case printTextsFlag: options.printsTexts = true
      case quitAfterFirstFrameFlag: options.quitsAfterFirstFrame = true
      default:
        index += 1
        continue
      }
      arguments.remove(at: index)
      end -= 1
    }
    return options
  }
}

extension MemeMeApplication {
  func printTextsAndQuit(of editor: EditorWindow) {
    let window = editor.window
    Signal.connect(window, "map") { [weak self, weak editor] in
      // After the map: the first layout has run, so everything built lazily is there too. Crop
      // mode's bar, built when crop mode first opens, is built now: its words are the editor's.
      MainLoop.post { [weak self] in
        _ = editor?.cropMode.bar
        // Written at once and unbuffered: the process quits right after.
        let lines = WidgetTree.texts(in: window).map { $0 + "\n" }.joined()
        FileHandle.standardOutput.write(Data(lines.utf8))
        self?.application.quit()
      }
    }
  }

  /// Quits once the editor has painted a frame. Connected before the window is presented, which
  /// maps it at once.
  func quitAfterFirstFrame(of editor: EditorWindow) {
    FirstFrame.afterPaint(of: editor.window) { [weak self] in self?.application.quit() }
  }
}
