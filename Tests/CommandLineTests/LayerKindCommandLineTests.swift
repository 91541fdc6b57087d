// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PictureChecks
import Testing

@testable import mememe

/// Every kind of layer on every layout through `mememe render`: the kind's own option (with `--box`
/// and `--angle`) gives, pixel for pixel, the meme the engine draws with that layer; and the layers
/// are drawn in the order their options came.
@Suite struct LayerKindCommandLineTests {
  /// A layer of `kind` and the value its option takes. A new kind does not compile here until it has
  /// one. A hidden area's value gives its place in the pixels of the tests' 320 × 240 picture.
  static func sample(_ kind: LayerKindName) -> (layer: MemeLayer, value: String) {
    switch kind {
    case .text:
      let box = TextBox(
        text: "a layer", frame: RelativeRect(x: 0.125, y: 0.25, width: 0.5, height: 0.375), angle: -20)
      return (.text(box), box.text)
    case .sticker:
      let sticker = StickerLayer(
        source: .emoji("🐸"), frame: RelativeRect(x: 0.25, y: 0.125, width: 0.375, height: 0.5), angle: 30)
      return (.sticker(sticker), "emoji:🐸")
    case .hidden:
      // Solid: the tests' picture is of one colour, which pixelate and blur keep.
      let area = HiddenArea(
        frame: RelativeRect(x: 0.2, y: 0.25, width: 0.4, height: 0.375),
        method: .solid(RGBAColor(red: 1, green: 0, blue: 1)))
      return (.hidden(area), "64,60,128,90:solid=#ff00ff")
    case .bubble:
      let bubble = SpeechBubble(
        shape: .ellipse, frame: RelativeRect(x: 0.375, y: 0.125, width: 0.5, height: 0.375), angle: 10,
        tailX: 0.25, tailY: 0.875, text: "a bubble")
      return (.bubble(bubble), "comic:ellipse:tail=0.25,0.875:bubble-text=a bubble")
    }
  }

  /// The value the kind's own `init(commandLineValue:…)` takes: a hidden area's after its place.
  static func kindValue(_ kind: LayerKindName) -> String {
    let value = sample(kind).value
    return kind.isBoxed ? value : String(value.split(separator: ":", maxSplits: 1).last ?? "")
  }

  /// The options that give `layer`: its kind's option, `--box` and `--angle`.
  static func arguments(_ kind: LayerKindName) -> [String] {
    let (layer, value) = sample(kind)
    guard kind.isBoxed else { return ["--\(kind.type.commandLine.flag)=\(value)"] }
    let frame = layer.frame
    return [
      "--\(kind.type.commandLine.flag)=\(value)", "--box",
      "\(frame.x),\(frame.y),\(frame.width),\(frame.height)",
      "--angle=\(layer.angle)",
    ]
  }

  @Test(arguments: LayerKindName.allCases, MemeLayoutKind.allCases)
  func eachKindsOptionGivesTheEnginesMeme(_ kind: LayerKindName, _ layout: MemeLayoutKind) throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 320, height: 240), as: "in.png", format: .png)
    let meme = try fixtures.render(
      input, ["--top", "top", "--layout", layout.rawValue] + Self.arguments(kind))
    // The layer in the meme's style, as the command line draws every layer with text.
    let sample = Self.sample(kind).layer
    let layer = try kind.type.init(
      commandLineValue: Self.kindValue(kind), frame: sample.frame, angle: sample.angle, opacity: 1,
      style: layout.defaultStyle
    ).asLayer
    // The kinds with text take the meme's style.
    if layer.text.isEmpty { #expect(layer == sample) }
    #expect(layer.frame == sample.frame && layer.angle == sample.angle)
    let expected = try #require(
      MemeRenderer.rendered(
        MemeCaptions(
          top: "top", bottom: "", style: layout.defaultStyle, layers: [layer],
          layout: layout),
        image: try fixtures.decode(input)))
    let plain = try #require(
      MemeRenderer.rendered(
        MemeCaptions(top: "top", bottom: "", style: layout.defaultStyle, layout: layout),
        image: try fixtures.decode(input)))
    #expect(differingPixels(meme, expected) == 0)
    #expect(differingPixels(meme, plain) > 300, "the layer was not drawn")
  }

  /// Layers of every kind, given in turn, are drawn in that order: the second covers the first.
  @Test func layersAreDrawnInTheOrderTheirOptionsCame() throws {
    let kinds = LayerKindName.allCases + LayerKindName.allCases
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 320, height: 240), as: "in.png", format: .png)
    let paired = try pairingLayerOptions(kinds.flatMap(Self.arguments))
    let command = try RenderCommand.parse([input, "-o", "out.png"] + paired)
    #expect(command.layerKind == kinds)
    let layers = try command.layers(style: .classic)
    #expect(layers.map(\.kindName) == kinds)
  }

  /// The hidden option that keeps the kinds' order is not the user's: help does not list it.
  @Test func helpDoesNotListTheHiddenOrderOption() throws {
    #expect(!RenderCommand.helpMessage().contains("layer-kind"))
    #expect(
      RenderCommand.helpMessage().contains("--\(TextBox.commandLine.flag) <\(TextBox.commandLine.valueName)>")
    )
  }
}
