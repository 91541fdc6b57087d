// SPDX-License-Identifier: GPL-3.0-or-later

/// One thing placed over a meme's picture, drawn in the order of `MemeCaptions.layers` (a later
/// layer covers an earlier one). Each case wraps a `LayerKind`, which answers everything that depends
/// on the kind; a new kind is a new case here, and the switches below are the only lists of kinds.
public enum MemeLayer: Sendable, Hashable {
  case text(TextBox)
  case sticker(StickerLayer)
  case hidden(HiddenArea)
  case bubble(SpeechBubble)

  /// The layer's own value, through which every kind is handled alike.
  public var kind: any LayerKind {
    switch self {
    case .text(let box): box
    case .sticker(let sticker): sticker
    case .hidden(let area): area
    case .bubble(let bubble): bubble
    }
  }

  /// The layer with its kind's value changed by `change` (its place, turn, ...).
  public func updating(_ change: (inout any LayerKind) -> Void) -> MemeLayer {
    var value = kind
    change(&value)
    return value.asLayer
  }

  /// Where it lies, in fractions of the picture.
  public var frame: RelativeRect {
    get { kind.frame }
    set { self = updating { $0.frame = newValue } }
  }

  /// How far it is turned, in degrees clockwise.
  public var angle: Double {
    get { kind.angle }
    set { self = updating { $0.angle = newValue } }
  }

  /// The text box this layer is, or nil for a layer of another kind.
  public var textBox: TextBox? {
    if case .text(let box) = self { box } else { nil }
  }

  /// The sticker this layer is, or nil for a layer of another kind.
  public var sticker: StickerLayer? {
    if case .sticker(let sticker) = self { sticker } else { nil }
  }

  /// The hidden area this layer is, or nil for a layer of another kind.
  public var hiddenArea: HiddenArea? {
    if case .hidden(let area) = self { area } else { nil }
  }

  /// The speech bubble this layer is, or nil for a layer of another kind.
  public var speechBubble: SpeechBubble? {
    if case .bubble(let bubble) = self { bubble } else { nil }
  }

  /// The text typed into it (a text box's, a comic speech bubble's); empty for a kind without text.
  /// Setting it on a kind without text does nothing.
  public var text: String {
    get {
      switch self {
      case .text(let box): box.text
      case .bubble(let bubble): bubble.text
      case .sticker, .hidden: ""
      }
    }
    set {
      switch self {
      case .text(var box):
        box.text = newValue
        self = .text(box)
      case .bubble(var bubble):
        bubble.text = newValue
        self = .bubble(bubble)
      case .sticker, .hidden: break
      }
    }
  }

  /// The style its text is drawn in (a text box's, a comic speech bubble's); nil for a kind without
  /// text.
  public var textStyle: CaptionStyle? {
    switch self {
    case .text(let box): box.style
    case .bubble(let bubble): bubble.isReaction ? nil : bubble.style
    case .sticker, .hidden: nil
    }
  }

  /// The name of its kind.
  public var kindName: LayerKindName { type(of: kind).kindName }
}

/// The name of each kind of layer, as the store keeps it.
public enum LayerKindName: String, Sendable, Hashable, Codable, CaseIterable {
  case text
  case sticker
  case hidden
  case bubble

  /// The kind's type, which answers for it.
  public var type: any LayerKind.Type {
    switch self {
    case .text: TextBox.self
    case .sticker: StickerLayer.self
    case .hidden: HiddenArea.self
    case .bubble: SpeechBubble.self
    }
  }
}

/// A layer is stored as its kind's own fields with the kind's name beside them
/// (`{"kind": "text", "text": …, "frame": …}`). A layer without a name is a text box: the store kept
/// text boxes alone before there were other kinds.
extension MemeLayer: Codable {
  private enum CodingKeys: String, CodingKey {
    case kind
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decodeIfPresent(LayerKindName.self, forKey: .kind) ?? .text
    self = try name.type.init(from: decoder).asLayer
  }

  public func encode(to encoder: any Encoder) throws {
    try kind.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kindName, forKey: .kind)
  }
}
