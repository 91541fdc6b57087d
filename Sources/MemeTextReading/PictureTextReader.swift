// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeVideo

/// Reads the words in a picture, an animation or a video, with Tesseract, within a time budget.
///
/// What it does to a picture:
/// - Reads a copy at most `longestSide` pixels long (caption letters are large: a smaller copy reads
///   as well, and several times faster, and a hostile 48 MP picture costs what a photo does); a
///   strip with no more pixels than a 4:3 picture of that side is read as it is. Files
///   are decoded through the engine's `ImageLoader`, `AnimationReader` and `VideoSource`, within
///   their limits.
/// - Reads it twice when it must: first as white letters (Classic captions: white, outlined, over a
///   photo, which Tesseract's own binarization loses in a busy one); then, only when that found no
///   word, as it is, dark on light (Band and Poster captions, screenshots, signs).
/// - Keeps the words `WordFilter` passes.
/// - An animation or a video is read at its first, middle and last frames, the words found in each
///   kept once.
///
/// Not thread-safe: it holds a recognizer (see `TextRecognizer`); a thread makes its own.
public final class PictureTextReader {
  /// The longest side of the copy that is read.
  public static let longestSide = 900
  /// How much processor time reading one file may take, all its frames and passes together (see
  /// `ReadingClock`). Words read by then are kept; the rest is not read.
  public static let budget: Duration = .seconds(5)

  private let recognizer: TextRecognizer
  public var languages: TextLanguages { recognizer.languages }

  /// Loads Tesseract for `languages`; nil when its data cannot be loaded.
  public init?(languages: TextLanguages) {
    guard let recognizer = TextRecognizer(languages: languages) else { return nil }
    self.recognizer = recognizer
  }

  /// The words in the picture, animation or video at `url`. Throws what decoding throws (a file that
  /// is not a picture, or over the limits); recognition itself never fails, it finds nothing.
  public func read(fileAt url: URL, cancellation: Cancellation? = nil) throws(ImageError) -> PictureText {
    let stop = RecognitionStop(deadline: ReadingClock.now + Self.budget, cancellation: cancellation)
    // Composing a long animation's frames may take half the budget; reading them, the rest.
    let frames = try SampledFrames.frames(
      of: url, longestSide: Self.longestSide, until: ReadingClock.now + Self.budget / 2)
    var kept: [ReadWord] = []
    for frame in frames {
      guard !stop.isDue else { break }
      let found = read(frame, until: stop).words
      kept += found.filter { word in !kept.contains { $0.text == word.text && $0.frame.overlaps(word.frame) }
      }
    }
    return PictureText(ordering: kept)
  }

  /// The words in `image`, read on a copy at most `longestSide` long, within `budget`.
  public func read(
    _ image: RasterImage, budget: Duration = PictureTextReader.budget, cancellation: Cancellation? = nil
  )
    -> PictureText
  {
    let stop = RecognitionStop(deadline: ReadingClock.now + budget, cancellation: cancellation)
    guard let small = SampledFrames.fitted(image, longestSide: Self.longestSide) else { return .empty }
    return read(small, until: stop)
  }

  private func read(_ image: RasterImage, until stop: RecognitionStop) -> PictureText {
    // The second picture is made only when the first found nothing.
    let passes: [(picture: () -> GrayPicture, sparse: Bool)] = [
      ({ GrayPicture(whiteLettersOf: image) }, true), ({ GrayPicture(lightnessOf: image) }, false),
    ]
    for pass in passes {
      guard !stop.isDue else { break }
      let words = recognizer.words(in: pass.picture(), sparse: pass.sparse, stop: stop)
        .compactMap(WordFilter.kept)
      if !words.isEmpty { return PictureText(ordering: words) }
    }
    return .empty
  }
}

extension RelativeRect {
  /// Whether the two rectangles share any area.
  func overlaps(_ other: RelativeRect) -> Bool {
    x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
  }
}
