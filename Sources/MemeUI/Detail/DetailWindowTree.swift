// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit

/// The detail-window.ui file's objects: Meme Detail's title, body and words under the picture.
struct DetailWindowTree: InterfaceTree {
  static let file = InterfaceFile.detailWindow
  /// Holds the trees until they are in the window.
  let builder: Builder
  let title: Box
  let titleCaptions: Label
  let titleType: Label
  let titleSent: Label
  let body: Box
  let picture: Picture
  let missing: Label
  let info: ScrolledWindow
  let copyDescription: Button
  let editDescription: Button
  let description: Label
  let savedRow: Box
  let savedFile: Label
  let showInFolder: Button

  init(_ builder: Builder) throws(BuilderError) {
    self.builder = builder
    title = try builder.object("title")
    titleCaptions = try builder.object("title-captions")
    titleType = try builder.object("title-type")
    titleSent = try builder.object("title-sent")
    body = try builder.object("body")
    picture = try builder.object("picture")
    missing = try builder.object("missing")
    info = try builder.object("info")
    copyDescription = try builder.object("copy-description")
    editDescription = try builder.object("edit-description")
    description = try builder.object("description")
    savedRow = try builder.object("saved-row")
    savedFile = try builder.object("saved-file")
    showInFolder = try builder.object("show-in-folder")
  }
}
