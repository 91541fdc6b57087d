// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

extension EditorWindow {
  /// Has the launch captions laid out and drawn on another core while GTK lays out and styles the
  /// window for its first frame (see `PreviewPainter.prepareSheet`). When the window is realized,
  /// its decorations are known, and the canvas's size follows: the window's default size, less its
  /// own border and padding (the frame of decorations drawn without a compositor), the header bar
  /// and the bottom bar. A maximised window, or a style panel beside or under the canvas, gives
  /// another size, which the first paint lays out itself.
  func prepareLaunchCaptionsWhenRealized() {
    Signal.connectOnce(window, "realize") { [weak self] in self?.prepareLaunchCaptions() }
  }

  private func prepareLaunchCaptions() {
    guard let size = launchCanvasSize else { return }
    canvas.prepareSheet(
      width: size.width, height: size.height, scaleFactor: Double(gtk_widget_get_scale_factor(window)))
  }

  /// The size the canvas will be given in the first frame, when the window shows no picture at its
  /// default size; nil when it cannot be known before then.
  var launchCanvasSize: (width: Int32, height: Int32)? {
    let (width, height) = toplevel.defaultSize
    guard canvas.image == nil, !toplevel.isMaximized, !styleToggle.isActive, width > 0, height > 0 else {
      return nil
    }
    var border = GtkBorder()
    var padding = GtkBorder()
    let style = gtk_widget_get_style_context(window)
    gtk_style_context_get_border(style, &border)
    gtk_style_context_get_padding(style, &padding)
    let canvasWidth = width - Int32(border.left + border.right + padding.left + padding.right)
    let canvasHeight =
      height - Int32(border.top + border.bottom + padding.top + padding.bottom)
      - naturalHeight(of: headerBar.widget, width: canvasWidth)
      - naturalHeight(of: bottomBar.widget, width: canvasWidth)
    return (canvasWidth, canvasHeight)
  }

  private func naturalHeight(of widget: UnsafeMutablePointer<GtkWidget>, width: Int32) -> Int32 {
    var natural: Int32 = 0
    gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, width, nil, &natural, nil, nil)
    return natural
  }
}
