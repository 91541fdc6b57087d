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
  var trees: [any InterfaceTreeKind.Type] {
    switch self {
    case .cameraWindow: [CameraWindowObjects.self]
    case .detailWindow: [DetailWindowObjects.self]
    case .oneFieldDialog: [OneFieldDialogObjects.self]
    case .stylePanel: [StylePanelFrameObjects.self, StylePanelObjects.self]
    }
  }
}

/// What the code takes from one tree of a .ui file: the file, the objects built (with their
/// children), and the objects the code uses, each by id and kind (`Builder.objects`). A tree made of
/// it is an `InterfaceTree`.
protocol InterfaceTreeKind {
  /// The objects the code uses, by name: a tuple with labels.
  associatedtype Objects
  static var file: InterfaceFile { get }
  /// The objects of the file the tree is, with their children; nil: all of them.
  static var roots: [String]? { get }
  /// Takes the tree's objects out of `builder`, built from `file`.
  static func objects(in builder: Builder) throws(BuilderError) -> Objects
}

extension InterfaceTreeKind {
  static var roots: [String]? { nil }

  /// Makes the tree once, which fails if the file lacks an object the code takes or holds it as
  /// another kind (`InterfaceFileTests` makes every tree).
  static func check() throws(BuilderError) {
    _ = try InterfaceTree<Self>(file.builder(objects: roots))
  }
}

/// A widget tree from one .ui file: its objects, taken out by id and type all at once, so that a
/// file that lacks one, or holds it as another kind, fails as the tree is made (and in
/// `InterfaceFileTests`, which makes every tree), not when the object is first used. Its objects
/// are its members: `tree.title` is the object the kind names `title`.
@dynamicMemberLookup
struct InterfaceTree<Kind: InterfaceTreeKind> {
  /// Holds the tree's objects that are not windows (GTK's window list holds those) until they are
  /// in a parent.
  let builder: Builder
  let objects: Kind.Objects

  init(_ builder: Builder) throws(BuilderError) {
    self.builder = builder
    objects = try Kind.objects(in: builder)
  }

  subscript<Value>(dynamicMember object: KeyPath<Kind.Objects, Value>) -> Value { objects[keyPath: object] }

  /// The tree, newly built. The files are part of the binary, so one that does not match the code
  /// is a mistake in this build: the app stops with the message naming the file, id and type.
  static func build() -> Self {
    do {
      return try Self(Kind.file.builder(objects: Kind.roots))
    } catch {
      fatalError(error.description)
    }
  }
}
