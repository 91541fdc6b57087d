// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit

/// The detail-window.ui file's objects: Meme Detail's title, body and words under the picture.
enum DetailWindowObjects: InterfaceTreeKind {
  static let file = InterfaceFile.detailWindow

  static func objects(in builder: Builder) throws(BuilderError) -> (
    title: Box, titleCaptions: Label, titleType: Label, titleSent: Label, body: Box, picture: Picture,
    missing: Label, info: ScrolledWindow, copyDescription: Button, editDescription: Button,
    description: Label, hiddenNote: Label,
    savedRow: Box, savedFile: Label, showInFolder: Button
  ) {
    try builder.objects(
      "title", "title-captions", "title-type", "title-sent", "body", "picture", "missing", "info",
      "copy-description", "edit-description", "description", "hidden-note", "saved-row", "saved-file",
      "show-in-folder")
  }
}

typealias DetailWindowTree = InterfaceTree<DetailWindowObjects>
