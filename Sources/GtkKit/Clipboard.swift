// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport

/// The display clipboard, carrying images as GdkTextures and files as file lists.
public struct Clipboard {
  /// `GdkClipboard *`, owned by the display.
  public let pointer: OpaquePointer

  /// The clipboard of the display `widget` is on.
  public init(for widget: gpointer) {
    pointer = gtk_widget_get_clipboard(gtkkit_widget(widget))
  }

  /// Puts an image on the clipboard from encoded bytes (PNG or any format GdkTexture reads).
  /// Returns false when GDK cannot decode the bytes.
  ///
  /// Going through PNG sidesteps Cairo's premultiplied native-endian layout, which GdkMemoryTexture
  /// would need converted by hand.
  ///
  /// With `mimeType`, the bytes themselves are offered first, as that type: an application that
  /// pastes them gets the very file (its description, its size) rather than GDK's own PNG of the
  /// pixels, which the texture still offers to everyone else.
  @discardableResult
  public func setImage(encoded bytes: some ContiguousBytes, mimeType: String? = nil) -> Bool {
    guard let texture = Self.texture(fromEncoded: bytes) else { return false }
    defer { g_object_unref(texture.raw) }
    guard let mimeType else {
      gdk_clipboard_set_texture(pointer, texture)
      return true
    }
    return setContent([
      Self.provider(of: bytes, as: mimeType),
      Self.provider(of: UnsafeMutableRawPointer(texture), type: gtkkit_type_texture()),
    ])
  }

  /// Puts a file's encoded bytes on the clipboard as `mimeType` (an animated GIF's own bytes, for
  /// applications that paste animations), and the file itself (as a GFile, which GDK offers as
  /// `text/uri-list` too) for applications that take files; also `firstFrame`, when given, for
  /// those that paste only still images. Returns false when GDK refuses the content.
  ///
  /// The first frame comes from the caller's own decoder: GDK would hand an animation to
  /// gdk-pixbuf, which decodes every frame of it into memory to give the first.
  @discardableResult
  public func setFile(
    _ file: URL, encoded bytes: some ContiguousBytes, mimeType: String, firstFrame: Texture?
  )
    -> Bool
  {
    let gfile = g_file_new_for_path(file.path)!
    defer { g_object_unref(gfile.raw) }
    var providers = [
      Self.provider(of: bytes, as: mimeType),
      Self.provider(of: UnsafeMutableRawPointer(gfile), type: gtkkit_type_file()),
    ]
    if let firstFrame {
      // The provider holds its own reference.
      providers.append(
        Self.provider(of: UnsafeMutableRawPointer(firstFrame.texture), type: gtkkit_type_texture()))
    }
    return setContent(providers)
  }

  /// Offers every provider's content at once (transfer full: the providers are consumed).
  private func setContent(_ providers: [UnsafeMutablePointer<GdkContentProvider>?]) -> Bool {
    var providers = providers
    let union = providers.withUnsafeMutableBufferPointer {
      gdk_content_provider_new_union($0.baseAddress, gsize($0.count))
    }
    let isSet = gdk_clipboard_set_content(pointer, union) != 0
    g_object_unref(UnsafeMutableRawPointer(union))
    return isSet
  }

  /// A provider of `bytes` as `mimeType` (transfer full).
  private static func provider(of bytes: some ContiguousBytes, as mimeType: String)
    -> UnsafeMutablePointer<GdkContentProvider>?
  {
    let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(gbytes) }
    return gdk_content_provider_new_for_bytes(mimeType, gbytes)
  }

  /// A provider of a GObject of `type` (a texture, a GFile), which takes its own reference to it
  /// (transfer full).
  private static func provider(of object: UnsafeMutableRawPointer, type: GType)
    -> UnsafeMutablePointer<GdkContentProvider>?
  {
    var value = GValue()
    g_value_init(&value, type)
    g_value_set_object(&value, object)
    defer { g_value_unset(&value) }
    return gdk_content_provider_new_for_value(&value)
  }

  /// Puts text on the clipboard.
  public func setText(_ text: String) {
    gdk_clipboard_set_text(pointer, text)
  }

  /// Whether the clipboard offers an image, or files, that a paste could use.
  public var offersImage: Bool {
    let formats = gdk_clipboard_get_formats(pointer)
    return gdk_content_formats_contain_gtype(formats, gtkkit_type_texture()) != 0
  }

  public var offersFiles: Bool {
    let formats = gdk_clipboard_get_formats(pointer)
    return gdk_content_formats_contain_gtype(formats, gtkkit_type_file_list()) != 0
  }

  /// Reads the clipboard image as PNG bytes (nil when it holds no image).
  public func readImagePNG(_ completion: @escaping ([UInt8]?) -> Void) {
    let box = ClosureBox(completion)
    gdk_clipboard_read_texture_async(
      pointer, nil,
      { source, result, data in
        // One-shot callback: consume the +1 taken below.
        let completion = ClosureBox<([UInt8]?) -> Void>.consume(data).payload
        var png: [UInt8]?
        if let source, let result,
          let texture = gdk_clipboard_read_texture_finish(OpaquePointer(source), result, nil)
        {
          png = Clipboard.pngBytes(of: texture)
          g_object_unref(texture.raw)
        }
        let bytes = png
        MainActor.assumeIsolated { completion(bytes) }
      }, box.retainedPointer())
  }

  /// Reads the clipboard's image as the encoded bytes another application offers, in the first of
  /// `mimeTypes` it offers, without decoding them (nil when it offers none of them, or reading
  /// fails). MemeMe decodes them itself: GDK's own decoders, which `readImagePNG` goes through, have
  /// no scan limit for a JPEG (issue 33).
  public func readImageBytes(mimeTypes: [String], _ completion: @escaping ([UInt8]?) -> Void) {
    let box = ClosureBox(completion)
    let copies = mimeTypes.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    var types: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    let finished: GAsyncReadyCallback = { source, result, data in
      let completion = ClosureBox<([UInt8]?) -> Void>.consume(data).payload
      guard let source, let result,
        let input = gdk_clipboard_read_finish(OpaquePointer(source), result, nil, nil)
      else {
        MainActor.assumeIsolated { completion(nil) }
        return
      }
      // The whole stream into memory, then handed on.
      let memory = g_memory_output_stream_new_resizable()!
      let next = ClosureBox<([UInt8]?) -> Void>(completion)
      let flags = GOutputStreamSpliceFlags(
        rawValue: G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE.rawValue | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET.rawValue)
      g_output_stream_splice_async(
        memory, input, flags, 0, nil,
        { stream, result, data in
          let completion = ClosureBox<([UInt8]?) -> Void>.consume(data).payload
          var bytes: [UInt8]?
          let output = stream.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GOutputStream.self) }
          if let output, let result, g_output_stream_splice_finish(output, result, nil) >= 0 {
            let memory = UnsafeMutableRawPointer(output).assumingMemoryBound(to: GMemoryOutputStream.self)
            let size = Int(g_memory_output_stream_get_data_size(memory))
            if size > 0, let data = g_memory_output_stream_get_data(memory) {
              bytes = Array(UnsafeRawBufferPointer(start: data, count: size).bindMemory(to: UInt8.self))
            }
          }
          g_object_unref(stream)
          let result = bytes
          MainActor.assumeIsolated { completion(result) }
        }, next.retainedPointer())
      g_object_unref(input)
    }
    types.withUnsafeMutableBufferPointer { list in
      gdk_clipboard_read_async(pointer, list.baseAddress, 0, nil, finished, box.retainedPointer())
    }
  }

  /// Reads the clipboard's file list (files copied in a file manager).
  public func readFiles(_ completion: @escaping ([URL]) -> Void) {
    let box = ClosureBox(completion)
    // Priority 0 is G_PRIORITY_DEFAULT.
    gdk_clipboard_read_value_async(
      pointer, gtkkit_type_file_list(), 0, nil,
      { source, result, data in
        let completion = ClosureBox<([URL]) -> Void>.consume(data).payload
        var urls: [URL] = []
        if let source, let result,
          let value = gdk_clipboard_read_value_finish(OpaquePointer(source), result, nil)
        {
          urls = FileList.urls(in: value)
        }
        let files = urls
        MainActor.assumeIsolated { completion(files) }
      }, box.retainedPointer())
  }

  /// A texture decoded from encoded image bytes (transfer full), or nil.
  public static func texture(fromEncoded bytes: some ContiguousBytes) -> OpaquePointer? {
    let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(gbytes) }
    var error: UnsafeMutablePointer<GError>?
    let texture = gdk_texture_new_from_bytes(gbytes, &error)
    if let error { g_error_free(error) }
    return texture
  }

  /// A texture's pixels as PNG bytes.
  public static func pngBytes(of texture: OpaquePointer) -> [UInt8]? {
    guard let bytes = gdk_texture_save_to_png_bytes(texture) else { return nil }
    defer { g_bytes_unref(bytes) }
    var size: gsize = 0
    guard let data = g_bytes_get_data(bytes, &size) else { return nil }
    return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
  }
}

/// Values GDK passes for dropped or pasted files.
public enum FileList {
  /// The files in a GValue holding a GdkFileList, or a single GFile; empty for anything else.
  public static func urls(in value: UnsafePointer<GValue>) -> [URL] {
    if gtkkit_value_holds(value, gtkkit_type_file()) != 0 {
      guard let file = g_value_get_object(value) else { return [] }
      return FileURL.url(of: OpaquePointer(file)).map { [$0] } ?? []
    }
    guard gtkkit_value_holds(value, gtkkit_type_file_list()) != 0,
      let list = g_value_get_boxed(value)
    else { return [] }
    // The GSList is owned by the caller (shallow); the GFiles by the GdkFileList.
    var urls: [URL] = []
    let files = gdk_file_list_get_files(OpaquePointer(list))
    var node = files
    while let current = node {
      if let file = current.pointee.data, let url = FileURL.url(of: OpaquePointer(file)) {
        urls.append(url)
      }
      node = current.pointee.next
    }
    g_slist_free(files)
    return urls
  }
}
