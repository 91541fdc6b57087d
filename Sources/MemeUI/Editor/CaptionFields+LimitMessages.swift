// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore

/// The message a caption field shows when what was typed or pasted into it went beyond what a
/// caption holds, or what the meme's other captions left of its budget (`CaptionLimits`), and was cut: a line just under the field (over it, for the bottom
/// caption), on the canvas, until the next edit within the limits. Never a silent cut.
extension CaptionFields {
  /// Sends `entry`'s edits to the document through `setText`, which returns the caption limit an
  /// edit went beyond, and shows on the field what was cut.
  func connectEdits(of entry: CaptionEntry, to setText: @escaping (String) -> CaptionLimits.Excess?) {
    entry.onEdit = { [weak entry] text in entry?.reportLimit(setText(text)) }
    entry.onLimit = { [weak self, weak entry] excess in
      guard let self, let entry else { return }
      showLimitMessage(excess, on: entry)
    }
  }

  /// Shows `excess`'s message on `entry`, or hides it (`nil`).
  func showLimitMessage(_ excess: CaptionLimits.Excess?, on entry: CaptionEntry) {
    let label = entry.limitMessage
    // Most edits are within the limits and there is no message to take away.
    guard excess != nil || label.widget.isVisible else { return }
    if let excess {
      label.text = Self.limitMessage(excess)
      Accessible.setDescription(entry.widget, label.text)
    } else {
      Accessible.setDescription(entry.widget, "")
    }
    label.widget.isVisible = excess != nil && host?.drawsCaptions == true
    host?.placeFields()
  }

  /// What the field says when its text went beyond `excess`, with every limit a caption has, or the
  /// budget of the whole meme when that is what cut it.
  static func limitMessage(_ excess: CaptionLimits.Excess) -> String {
    let cut =
      switch excess {
      case .characters:
        String(
          format: localized("Only the first %d characters were kept."), CaptionLimits.maximumCharacters)
      case .lines: String(format: localized("Only the first %d lines were kept."), CaptionLimits.maximumLines)
      case .marks:
        String(
          format: localized("Marks past %d on one letter were removed."),
          CaptionLimits.maximumMarksPerCharacter)
      case .memeCharacters:
        localized("Only what the other texts left room for was kept.")
      }
    guard excess != .memeCharacters else {
      let budget = String(
        format: localized(
          "A meme holds at most %@ characters in all its texts, and draws at most %@ glyphs."),
        PixelCount.grouped(CaptionLimits.maximumCharactersPerMeme),
        PixelCount.grouped(CaptionLimits.maximumGlyphsPerMeme))
      return cut + " " + budget
    }
    let limits = String(
      format: localized("A caption holds at most %d characters, %d lines and %d marks on one letter."),
      CaptionLimits.maximumCharacters, CaptionLimits.maximumLines, CaptionLimits.maximumMarksPerCharacter)
    return cut + " " + limits
  }

  /// Adds `entry`'s message to the canvas, above everything (made hidden).
  func addLimitMessage(of entry: CaptionEntry) {
    host?.addOverlay(entry.limitLabel)
  }

  /// Where a field's message lies: as wide as its field, right under it (over it for the bottom
  /// caption, or when there is no room under it). Nil for other children.
  func limitMessagePosition(of child: Widget) -> GdkRectangle? {
    guard let entry = captionEntries.first(where: { $0.limitLabel == child }) else { return nil }
    guard let field = fieldPosition(of: entry.widget), let canvasHeight = host?.overlayHeight else {
      return nil
    }
    let width = max(field.width, 120)
    var natural: Int32 = 0
    gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, width, nil, &natural, nil, nil)
    let below = field.y + field.height
    let fitsBelow = below + natural <= canvasHeight
    let y = entry.position != .bottom && fitsBelow ? below : max(0, field.y - natural)
    return GdkRectangle(x: field.x + (field.width - width) / 2, y: y, width: width, height: natural)
  }
}

extension CaptionEntry {
  /// The label of the field's limit message (see `CaptionFields.showLimitMessage`).
  static func makeLimitLabel() -> Label {
    let label = Label("")
    label.widget.name = "caption-limit-message"
    label.widget.addCSSClass("osd")
    label.widget.addCSSClass("caption-limit-message")
    label.wrapsText = true
    label.widget.isVisible = false
    gtk_widget_set_can_target(label.widget, 0)
    return label
  }
}
