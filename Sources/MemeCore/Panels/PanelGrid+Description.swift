// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension PanelGrid {
  /// The cells' captions in reading order, each named by its panel: "Panel 1: …, Panel 2: …".
  /// A grid's rows read left to right, or right to left in a right-to-left language; a panel
  /// without a caption is left out, the others keeping their numbers. Empty when none has text.
  public func describedCaptions(rightToLeft: Bool = Self.readsRightToLeft) -> String {
    let arrangement = arrangement
    let order = cells.indices.sorted { first, second in
      let (a, b) = (arrangement.position(ofCell: first), arrangement.position(ofCell: second))
      if a.row != b.row { return a.row < b.row }
      return rightToLeft ? a.column > b.column : a.column < b.column
    }
    return order.enumerated().compactMap { number, index -> String? in
      let text = MemeDescription.oneLine(cells[index].caption)
      guard !text.isEmpty else { return nil }
      return String(format: localized("Panel %ld: %@"), number + 1, text)
    }.joined(separator: localized(", "))
  }

  /// Whether the user's language is written right to left.
  public static var readsRightToLeft: Bool {
    Locale.current.language.characterDirection == .rightToLeft
  }
}

extension MemeDescription {
  /// `custom` when it holds any text, else the default: the panels' captions (see
  /// `PanelGrid.describedCaptions`) where the picture is read, one line among the meme's own texts:
  /// after the top caption (Classic, Band), or before the title below the picture (Poster).
  public static func resolved(_ custom: String?, captions: MemeCaptions, panels: PanelGrid?) -> String {
    guard let panels, !(custom.map(hasText) ?? false) else { return resolved(custom, captions: captions) }
    var lines: [String]
    switch captions.layout.placement {
    case .onPicture, .bands:
      var withoutTop = captions
      withoutTop.top = ""
      lines = [oneLine(captions.top), panels.describedCaptions(), withoutTop.defaultDescription]
    case .posterFrame:
      lines = [panels.describedCaptions(), captions.defaultDescription]
    }
    return lines.filter { !$0.isEmpty }.joined(separator: "\n")
  }
}
