// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore
import MemeStore

/// Meme Detail's title: the meme's captions first, as a person remembers it, and under them the file
/// type as a badge (PNG, JPEG, GIF, Animated WebP) beside when it was sent. The type used to open
/// the title ("Animated GIF: …"), which left only the type readable in a narrow window.
enum DetailTitle {
  static func make(for meme: SentMeme) -> UnsafeMutablePointer<GtkWidget> {
    let box = Box(GTK_ORIENTATION_VERTICAL)
    box.widget.verticalAlignment = GTK_ALIGN_CENTER
    let title = Label(captions(of: meme))
    title.widget.name = "detail-title"
    title.widget.addCSSClass("detail-title")
    title.ellipsize(PANGO_ELLIPSIZE_END)
    title.setMaxWidthChars(40)
    // A few characters at least, so that a narrow window shows the start of the caption.
    title.setWidthChars(6)
    box.append(title.widget)

    let line = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    line.widget.horizontalAlignment = GTK_ALIGN_CENTER
    let badge = Label(fileType(of: meme))
    badge.widget.name = "detail-type"
    badge.widget.addCSSClass("detail-type-badge")
    badge.widget.addCSSClass("caption")
    badge.widget.verticalAlignment = GTK_ALIGN_CENTER
    line.append(badge.widget)
    let subtitle = Label(SentTimeFormatter().fullString(for: meme.sentAt))
    subtitle.widget.addCSSClass("detail-subtitle")
    subtitle.widget.addCSSClass("dim-label")
    // Gives way in a narrow window (down to 360 px) rather than widen it.
    subtitle.ellipsize(PANGO_ELLIPSIZE_END)
    line.append(subtitle.widget)
    box.append(line.widget)
    return box.widget
  }

  /// The captions in reading order, or what stands for none.
  static func captions(of meme: SentMeme) -> String {
    let texts = ([meme.top] + meme.textBoxes.map(\.text) + [meme.bottom])
      .filter { !$0.isEmpty }
    return texts.isEmpty ? localized("Meme without captions") : texts.joined(separator: " / ")
  }

  /// The rendered file's type as people know it; an animated WebP is named so, a WebP MemeMe writes
  /// being always an animation (a still meme is saved as PNG or JPEG).
  static func fileType(of meme: SentMeme) -> String {
    switch meme.renderedImageURL.pathExtension.lowercased() {
    case "png": "PNG"
    case "jpg", "jpeg": "JPEG"
    case "gif": "GIF"
    case "webp": localized("Animated WebP")
    case let other: other.uppercased()
    }
  }
}
