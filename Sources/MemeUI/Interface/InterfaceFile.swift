// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport
import GtkKit

/// The app's GtkBuilder files (data/ui), which the binary carries as a GResource bundle. Each
/// holds a widget tree that does not change with the data; what a tree shows of the meme, and every
/// signal, is the Swift code's.
enum InterfaceFile: String, CaseIterable {
  case cameraWindow = "camera-window.ui"
  case detailWindow = "detail-window.ui"
  case oneFieldDialog = "one-field-dialog.ui"
  case stylePanel = "style-panel.ui"

  /// A builder over the file, every object built (or only `objects`, with their children), or an
  /// error naming what is wrong with it.
  func builder(objects: [String]? = nil) throws(BuilderError) -> Builder {
    try Self.registration.get()
    return try Builder(
      resource: "\(Self.resourcePrefix)/\(rawValue)", named: rawValue, translationDomain: Gettext.appDomain,
      objects: objects)
  }

  /// Where data/ui/mememe.gresource.xml puts the files.
  static let resourcePrefix = "/io/github/mememe/MemeMe/ui"

  /// The bundle registered, once, the first time a file is built.
  static let registration = Result { () throws(BuilderError) in
    guard let bytes = Data(base64Encoded: compiledInterfaceBundle) else {
      throw BuilderError("the app's interface bundle is not base64")
    }
    try ResourceBundle.register([UInt8](bytes))
  }

  /// The trees the file is made into: a new file is a new case, and the compiler asks for its
  /// trees here (`InterfaceFileTests` builds every one).
  var trees: [any InterfaceTree.Type] {
    switch self {
    case .cameraWindow: [CameraWindowTree.self]
    case .detailWindow: [DetailWindowTree.self]
    case .oneFieldDialog: [OneFieldDialogTree.self]
    case .stylePanel: [StylePanelFrameTree.self, StylePanelTree.self]
    }
  }
}

/// A widget tree from one .ui file: its objects, taken out by id and type all at once, so that a
/// file that lacks one, or holds it as another kind, fails as the tree is made (and in
/// `InterfaceFileTests`, which makes every tree), not when the object is first used.
protocol InterfaceTree {
  static var file: InterfaceFile { get }
  /// The objects of the file the tree is, with their children; nil: all of them.
  static var objects: [String]? { get }
  /// Takes the tree's objects out of `builder`, built from `file`.
  init(_ builder: Builder) throws(BuilderError)
}

extension InterfaceTree {
  static var objects: [String]? { nil }

  /// The tree, newly built. The files are part of the binary, so one that does not match the code
  /// is a mistake in this build: the app stops with the message naming the file, id and type.
  static func build() -> Self {
    do {
      return try Self(file.builder(objects: objects))
    } catch {
      fatalError(error.description)
    }
  }

}
