// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit

/// A widget's drag source driven as GTK drives it during a drag, with no pointer: its signals
/// emitted, and its content read the way a drop target in another program reads it.
enum DragSourceProbe {
  /// The drag source among `widget`'s event controllers.
  static func dragSource(of widget: UnsafeMutablePointer<GtkWidget>) -> gpointer? {
    let controllers = gtk_widget_observe_controllers(widget)
    defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
    for index in 0..<g_list_model_get_n_items(controllers) {
      guard let controller = g_list_model_get_item(controllers, index) else { continue }
      g_object_unref(controller)
      if gtkkit_is_a(controller, gtk_drag_source_get_type()) != 0 { return controller }
    }
    return nil
  }

  /// Emits the drag source's `prepare` (x, y) as GTK does when a drag starts, and returns the
  /// content it offers (a reference the caller releases).
  static func emitPrepare(on source: gpointer) -> UnsafeMutableRawPointer? {
    var arguments = [GValue(), GValue(), GValue()]
    g_value_init(&arguments[0], gtk_drag_source_get_type())
    g_value_set_object(&arguments[0], source)
    for index in 1...2 {
      g_value_init(&arguments[index], GType(15 << 2))  // G_TYPE_DOUBLE, a macro Swift does not see
      g_value_set_double(&arguments[index], 10)
    }
    var result = GValue()
    g_value_init(&result, gdk_content_provider_get_type())
    emit("prepare", on: source, &arguments, result: &result)
    let provider = g_value_dup_object(&result)
    g_value_unset(&result)
    return provider
  }

  /// Ends the drag as GTK does after a drop (`drag-end`), or after it went nowhere (`drag-cancel`
  /// first).
  static func emitEnd(on source: gpointer, dropped: Bool) {
    if !dropped {
      var arguments = [GValue(), GValue(), GValue()]
      g_value_init(&arguments[0], gtk_drag_source_get_type())
      g_value_set_object(&arguments[0], source)
      g_value_init(&arguments[1], gdk_drag_get_type())
      g_value_init(&arguments[2], gdk_drag_cancel_reason_get_type())
      g_value_set_enum(&arguments[2], gint(GDK_DRAG_CANCEL_NO_TARGET.rawValue))
      var handled = GValue()
      g_value_init(&handled, GType(5 << 2))  // G_TYPE_BOOLEAN
      emit("drag-cancel", on: source, &arguments, result: &handled)
      g_value_unset(&handled)
    }
    var arguments = [GValue(), GValue(), GValue()]
    g_value_init(&arguments[0], gtk_drag_source_get_type())
    g_value_set_object(&arguments[0], source)
    g_value_init(&arguments[1], gdk_drag_get_type())
    g_value_init(&arguments[2], GType(5 << 2))
    g_value_set_boolean(&arguments[2], 0)
    emit("drag-end", on: source, &arguments, result: nil)
  }

  /// What a drop target gets when it asks `content` for `mimeType` ("text/uri-list"), waiting
  /// (bounded) for the answer: the bytes, or the error's message.
  static func read(_ content: UnsafeMutableRawPointer, as mimeType: String) -> Result<Data, ReadError>? {
    final class Box {
      var outcome: Result<Data, ReadError>?
    }
    let box = Box()
    let stream = g_memory_output_stream_new_resizable()!  // a GOutputStream *
    defer { g_object_unref(stream) }
    let provider = content.assumingMemoryBound(to: GdkContentProvider.self)
    gdk_content_provider_write_mime_type_async(
      provider, mimeType, stream, 0, nil,
      { source, result, data in
        let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        if gdk_content_provider_write_mime_type_finish(
          UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: GdkContentProvider.self), result, &error)
          != 0
        {
          box.outcome = .success(Data())
        } else {
          box.outcome = .failure(ReadError(message: error.map { String(cString: $0.pointee.message) } ?? ""))
          g_clear_error(&error)
        }
      }, Unmanaged.passRetained(box).toOpaque())
    MainContext.iterate { box.outcome != nil }
    guard case .success = box.outcome else { return box.outcome }
    let memory = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GMemoryOutputStream.self)
    let bytes = g_memory_output_stream_get_data(memory)
    return .success(
      bytes.map { Data(bytes: $0, count: Int(g_memory_output_stream_get_data_size(memory))) } ?? Data())
  }

  struct ReadError: Error, Equatable {
    let message: String
  }

  /// The files a text/uri-list names.
  static func files(in uriList: Data) -> [URL] {
    String(decoding: uriList, as: UTF8.self).split(whereSeparator: \.isNewline)
      .compactMap { URL(string: String($0)) }.filter(\.isFileURL)
  }

  private static func emit(
    _ name: String, on source: gpointer, _ arguments: inout [GValue], result: UnsafeMutablePointer<GValue>?
  ) {
    let signal = g_signal_lookup(name, gtk_drag_source_get_type())
    g_signal_emitv(&arguments, signal, 0, result)
    for index in arguments.indices { g_value_unset(&arguments[index]) }
  }
}
