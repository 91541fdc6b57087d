// SPDX-License-Identifier: GPL-3.0-or-later
import CTesseract
import Foundation
import MemeCore

/// Tesseract, loaded with its trained data for some languages: reads the words in grey pictures.
///
/// Loading takes a tenth of a second and some megabytes, so a recognizer is made once and kept by
/// the thread that uses it. Not thread-safe: one thread at a time.
final class TextRecognizer {
  private let api: OpaquePointer
  let languages: TextLanguages

  /// Loads Tesseract's data for `languages`; nil when it cannot be loaded (no data installed).
  init?(languages: TextLanguages) {
    guard let api = TessBaseAPICreate() else { return nil }
    // Its own debug output would go to standard error, a line for every picture.
    TessBaseAPISetVariable(api, "debug_file", "/dev/null")
    guard TessBaseAPIInit2(api, languages.dataFolder.path, languages.tesseractName, OEM_LSTM_ONLY) == 0
    else {
      TessBaseAPIDelete(api)
      return nil
    }
    self.api = api
    self.languages = languages
  }

  deinit {
    TessBaseAPIEnd(api)
    TessBaseAPIDelete(api)
  }

  /// The words in `picture`, read until `stop` is due (what is read by then is returned), placed in
  /// fractions of the picture.
  ///
  /// `sparse` looks for text anywhere (Classic's white letters, alone on white paper once
  /// `GrayPicture` has picked them out); otherwise Tesseract finds the page's blocks of text first,
  /// which reads dark text on a picture that also holds a photo (Band, Poster) where sparse text
  /// reads the photo's shapes.
  func words(in picture: GrayPicture, sparse: Bool, stop: RecognitionStop) -> [ReadWord] {
    TessBaseAPISetPageSegMode(api, sparse ? PSM_SPARSE_TEXT : PSM_AUTO)
    // One core for Tesseract's loops: the reading runs beside the app, never instead of it.
    omp_set_num_threads(1)
    picture.bytes.withUnsafeBufferPointer { bytes in
      TessBaseAPISetImage(
        api, bytes.baseAddress, Int32(picture.width), Int32(picture.height), 1, Int32(picture.width))
    }
    // A picture's resolution means nothing here; without one Tesseract guesses and says so.
    TessBaseAPISetSourceResolution(api, 70)
    let monitor = TessMonitorCreate()
    defer { TessMonitorDelete(monitor) }
    // The stop is asked between words; it outlives the recognition, which holds it unretained.
    TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(stop).toOpaque())
    TessMonitorSetCancelFunc(monitor) { this, _ in
      guard let this else { return false }
      return Unmanaged<RecognitionStop>.fromOpaque(this).takeUnretainedValue().isDue
    }
    defer { TessBaseAPIClear(api) }
    let recognized = withExtendedLifetime(stop) { TessBaseAPIRecognize(api, monitor) }
    guard recognized == 0, let iterator = TessBaseAPIGetIterator(api) else {
      return []
    }
    defer { TessResultIteratorDelete(iterator) }
    return Self.words(from: iterator, width: picture.width, height: picture.height)
  }

  private static func words(from iterator: OpaquePointer, width: Int, height: Int) -> [ReadWord] {
    let page = TessResultIteratorGetPageIterator(iterator)
    var words: [ReadWord] = []
    var line = -1
    repeat {
      if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 { line += 1 }
      guard let text = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
      defer { TessDeleteText(text) }
      var (left, top, right, bottom): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
      guard TessPageIteratorBoundingBox(page, RIL_WORD, &left, &top, &right, &bottom) != 0 else { continue }
      let frame = RelativeRect(
        x: Double(left) / Double(width), y: Double(top) / Double(height),
        width: Double(right - left) / Double(width), height: Double(bottom - top) / Double(height))
      words.append(
        ReadWord(
          text: String(cString: text), frame: frame,
          confidence: Double(TessResultIteratorConfidence(iterator, RIL_WORD)), line: max(line, 0)))
    } while TessResultIteratorNext(iterator, RIL_WORD) != 0
    return words
  }
}
