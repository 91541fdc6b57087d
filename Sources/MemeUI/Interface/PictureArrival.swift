// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore

/// How pictures come in from other programs, for every window that takes them: files from a file
/// manager or image data dropped on a widget, and files or a picture on the clipboard. The editor
/// takes the first as its picture; Sent Memes collects them all.
enum PictureArrival {
  /// A drop target on `widget` for picture files and image data; `handler` gets what was dropped
  /// and where, and says whether it took it.
  static func acceptDrops(
    on widget: Widget, _ handler: @escaping (_ value: UnsafePointer<GValue>, _ x: Double, _ y: Double) -> Bool
  ) {
    // GType 0 is G_TYPE_INVALID: the accepted types are set just below.
    let target = gtk_drop_target_new(0, GDK_ACTION_COPY)!
    var types = [gtkkit_type_file_list(), gtkkit_type_texture()]
    gtk_drop_target_set_gtypes(target, &types, gsize(types.count))
    DragSignal.connectDrop(target.raw) { value, x, y in handler(value, x, y) }
    widget.addController(target)
  }

  /// The files a dropped value lists, else its image as PNG bytes; empty when it holds neither.
  static func pictures(in value: UnsafePointer<GValue>) -> [ArrivingPicture] {
    let urls = FileList.urls(in: value)
    if !urls.isEmpty { return urls.map { .file($0) } }
    if gtkkit_value_holds(value, gtkkit_type_texture()) != 0, let texture = g_value_get_object(value),
      let png = Texture(retaining: texture).pngBytes()
    {
      return [.bytes(png)]
    }
    return []
  }

  /// Reads the files or the picture `clipboard` offers; false when it offers neither (the caller
  /// may paste text instead). `completion` gets nil when the offered picture could not be read.
  static func read(from clipboard: Clipboard, _ completion: @escaping ([ArrivingPicture]?) -> Void) -> Bool {
    if clipboard.offersFiles {
      clipboard.readFiles { urls in completion(urls.map { .file($0) }) }
    } else if clipboard.offersImage {
      // The bytes another application offers in a format MemeMe reads, decoded by MemeMe (with the
      // scan limit and the pixel limit); only other formats are decoded by GDK, to a PNG.
      clipboard.readImageBytes(mimeTypes: ImageLoader.supportedMimeTypes) { encoded in
        if let encoded { return completion([.bytes(encoded)]) }
        clipboard.readImagePNG { bytes in completion(bytes.map { [.bytes($0)] }) }
      }
    } else {
      return false
    }
    return true
  }

  /// Whether `widget` is a text field's text (where a paste of text goes).
  static func isText(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    g_type_check_instance_is_a(
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), gtk_text_get_type()) != 0
  }

  /// Ctrl+V is bound to a window's `win.paste`, so a paste of text into the focused field is passed
  /// on. A text field enables its own paste action only for what the clipboard held when it was
  /// focused, so text copied since would not paste: its paste signal is emitted instead.
  static func passPaste(to focus: UnsafeMutablePointer<GtkWidget>) {
    if isText(focus) {
      gtkkit_emit_signal(focus, "paste-clipboard")
    } else {
      gtk_widget_activate_action_variant(focus, "clipboard.paste", nil)
    }
  }
}
