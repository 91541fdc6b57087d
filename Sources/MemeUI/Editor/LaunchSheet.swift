// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// Has the launch captions laid out and drawn on another core while GTK lays out and styles the
/// window for its first frame (see `PreviewPainter.prepareSheet`). When the window is realized, its
/// decorations are known, and the canvas's size follows: the window's default size, less its own
/// border and padding (the frame of decorations drawn without a compositor), the header bar and the
/// bottom bar. A maximised window, or a style panel beside or under the canvas, gives another size,
/// which the first paint lays out itself.
final class LaunchSheet {
  private unowned let host: any EditorHost
  /// The bars above and below the canvas, which take their height from the window's.
  private let bars: [Widget]
  private let isStylePanelOpen: () -> Bool

  init(host: any EditorHost, bars: [Widget], isStylePanelOpen: @escaping () -> Bool) {
    self.host = host
    self.bars = bars
    self.isStylePanelOpen = isStylePanelOpen
    Signal.connectOnce(host.window, "realize") { [weak self] in self?.prepare() }
  }

  private func prepare() {
    guard let size = canvasSize else { return }
    host.canvas.prepareSheet(
      width: size.width, height: size.height, scaleFactor: Double(gtk_widget_get_scale_factor(host.window)))
  }

  /// The size the canvas will be given in the first frame, when the window shows no picture at its
  /// default size; nil when it cannot be known before then.
  var canvasSize: (width: Int32, height: Int32)? {
    let toplevel = host.toplevel
    let (width, height) = toplevel.defaultSize
    guard host.canvas.image == nil, !toplevel.isMaximized, !isStylePanelOpen(), width > 0, height > 0 else {
      return nil
    }
    var border = GtkBorder()
    var padding = GtkBorder()
    let style = gtk_widget_get_style_context(host.window)
    gtk_style_context_get_border(style, &border)
    gtk_style_context_get_padding(style, &padding)
    let canvasWidth = width - Int32(border.left + border.right + padding.left + padding.right)
    let canvasHeight =
      height - Int32(border.top + border.bottom + padding.top + padding.bottom)
      - bars.reduce(0) { $0 + naturalHeight(of: $1, width: canvasWidth) }
    return (canvasWidth, canvasHeight)
  }

  private func naturalHeight(of widget: Widget, width: Int32) -> Int32 {
    var natural: Int32 = 0
    gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, width, nil, &natural, nil, nil)
    return natural
  }
}
