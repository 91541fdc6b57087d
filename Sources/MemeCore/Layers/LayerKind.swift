// SPDX-License-Identifier: GPL-3.0-or-later

/// One kind of thing placed over the picture (a text box; stickers, speech bubbles and hidden areas
/// next). Everything the app does with a layer that depends on its kind is answered here, once, by
/// the kind's own type; none of it has a default, so a new kind that forgets one does not compile.
///
/// To add a kind: its type conforms here in files of its own, and `MemeLayer` and `LayerKindName`
/// get a case for it; the compiler then points at the switches in `MemeLayer.swift` and at
/// `RenderCommand.layers(style:)`, where its option is declared. See CONTRIBUTING.md.
public protocol LayerKind: Sendable, Hashable, Codable {
  /// The kind's name in the store (and in `mememe render`'s record of the layers' order).
  static var kindName: LayerKindName { get }

  /// Itself as a layer of a meme.
  var asLayer: MemeLayer { get }

  /// Where the layer lies, in fractions of the picture: it is moved and resized by the editor's
  /// handles and keys and keeps its place when the picture is cropped, turned or scaled.
  var frame: RelativeRect { get set }
  /// How far it is turned about its centre, in degrees, clockwise on the screen.
  var angle: Double { get set }

  /// How it draws, through the one drawing path (`MemeLayout`, which every preview, export,
  /// thumbnail and the command line draw with): the layer laid out for a picture of the given size,
  /// as text (a caption's layout) or as a picture (see `CaptionLayout.init(drawing:place:)`).
  func laidOut(_ request: LayerLayoutRequest) -> CaptionLayout

  /// The delays of its own animation's frames, in milliseconds (an animated sticker), or nil when it
  /// draws the same at every moment: only then is it laid out again for each frame of the meme, and
  /// it makes a still picture's meme animated (see `LayerTimeline`).
  var animationDelays: [Int]? { get }

  /// The pixels of a `pictureWidth` × `pictureHeight` picture it may change, in the picture's
  /// pixels: the JPEG block path keeps every block outside the rectangles of a meme's layers as the
  /// photo coded it.
  func touchedRect(pictureWidth: Int, pictureHeight: Int) -> ImageRect

  /// What it adds to the meme's default description (its alt text), or nil for nothing: read in the
  /// layers' reading order (top to bottom, then left to right, see `MemeCaptions.defaultDescription`).
  var describedText: String? { get }

  /// Its handles and keys in the editor.
  var editing: LayerEditing { get }

  /// The most layers of this kind one meme may hold, or nil when only the meme's other budgets
  /// bound them (text boxes: `CaptionLimits`). The editor and the command line refuse one more.
  static var maximumPerMeme: Int? { get }

  /// Its option on `mememe render`.
  static var commandLine: LayerCommandLine { get }
  /// The layer `--<flag> VALUE --box X,Y,W,H --angle DEG [--opacity O]` gives, drawn in `style`
  /// where it has text; `opacity` is 1 for a kind that takes no `--opacity`.
  init(
    commandLineValue value: String, frame: RelativeRect, angle: Double, opacity: Double, style: CaptionStyle
  ) throws(LayerOptionError)
}

/// What the editor offers on a layer of one kind.
public struct LayerEditing: Sendable, Hashable {
  /// Which handles the selected layer shows.
  public var handles: Set<LayerHandles>
  /// Whether the layer keeps its width-to-height ratio when a corner is dragged (a sticker), or is
  /// reshaped freely (a text box).
  public var keepsAspectRatio: Bool
  /// Whether it has text typed into it on the canvas (a field over it, and the caption cursor's
  /// Ctrl+Tab stops there).
  public var hasText: Bool
}

/// The handles a selected layer can show in the editor. Every layer is moved by dragging it and by
/// the arrow keys, and takes Bring Forward, Send Backward and Delete (the `layer.*` actions).
public enum LayerHandles: String, Sendable, Hashable, CaseIterable {
  /// The eight handles on its corners and edges (Alt with an arrow key resizes).
  case resize
  /// The handle above it that turns it (Ctrl with Left or Right turns).
  case turn
}

/// A layer kind's option on `mememe render`: `--<flag> VALUE`, followed by `--box` and `--angle`
/// (and `--opacity`, for a kind that takes it).
public struct LayerCommandLine: Sendable, Hashable {
  /// The option's name without its dashes.
  public var flag: String
  public var valueName: String
  public var help: String
  /// Whether `--opacity O` (0 to 1) may follow it.
  public var takesOpacity = false
  /// Whether its value starts with its place in the picture's pixels, `X,Y,W,H`, and `:` before
  /// the rest (a hidden area): no `--box` or `--angle` follows it.
  public var placeInValue = false
  /// The values (their part before the first `:`) that give a layer no `--box` or `--angle` follows:
  /// it finds its own place (a reaction speech bubble).
  public var boxlessValues: Set<String> = []
  /// Options without dashes that may follow the layer's option once each, before the next layer
  /// (a comic bubble's `--tail` and `--bubble-text`): `pairingLayerOptions` moves each into the
  /// layer's value as `:NAME=VALUE`, in this order.
  public var followingOptions: [String] = []
}

/// Why a layer option's value could not be taken: said as one line by the command line.
public struct LayerOptionError: Error, Sendable, Hashable {
  public var message: String

  public init(_ message: String) { self.message = message }
}
