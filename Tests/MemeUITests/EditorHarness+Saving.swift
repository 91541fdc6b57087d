// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeEditing
import Testing

@testable import MemeUI

/// A share through the Save dialog, answered as a person would: the chooser gets `output`.
extension EditorHarness {
  /// Shares `editor`'s meme through `target` (Save As, Save as Sticker…) with the chooser answering
  /// `output`, and waits (at most `maxIterations` of the main loop) until `sink`, Sent Memes, keeps
  /// it. Returns the file name the chooser proposed.
  @discardableResult
  static func save(
    _ editor: EditorWindow, through target: ShareTarget = .saveAs, to output: URL,
    keptIn sink: InMemorySentMemes,
    maxIterations: Int = 20_000
  ) -> String? {
    var suggested: String?
    editor.filePicker = { request, completion in
      switch request {
      case .saveMeme(let name), .saveVideoMeme(let name, _):
        suggested = name
        completion(output)
      default: completion(nil)
      }
    }
    editor.actions.action(named: target.name)?.activate()
    #expect(MainContext.iterate(maxIterations: maxIterations) { !sink.isEmpty }, "Sent Memes keeps the share")
    return suggested
  }
}
