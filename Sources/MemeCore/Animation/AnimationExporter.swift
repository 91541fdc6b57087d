// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What an animated export produced, for the caller to report.
public struct AnimationExportSummary: Sendable {
  public let width: Int
  public let height: Int
  public let frameCount: Int
  public let playCount: Int
  public let font: ResolvedFont
  public let overflowingCaptions: Set<CaptionPosition>
  /// The indices (in `MemeCaptions.boxes`) of the text boxes whose text does not fit them.
  public let overflowingBoxes: [Int]
  /// Whether the source ended inside a frame (the frames before it were written).
  public let sourceWasTruncated: Bool
  /// What a size limit made of the file (nil without one); `width` and `height` are the file's.
  public var fit: AnimationFit?
}

/// Captions an animation frame by frame: each frame is decoded onto the reader's canvas, cut and
/// turned, framed, captioned and encoded before the next is read, so memory holds a canvas, one
/// output frame and the encoder's state whatever the frame count. The captions are laid out and
/// traced once (`PreparedCaptions`) and drawn onto every frame by the one caption drawing path.
public enum AnimationExporter {
  /// Writes `captions` on every frame of the picture at `input` (a still picture is one frame) to
  /// `destination` in `format`, atomically when it is a file. `transform` and `width` apply to every
  /// frame as they do to a still export. Delays and the play count are the source's unless `timing`
  /// trims the animation, changes its speed (`FrameRetimer`), reverses it (`ReversedFrames`) or
  /// sets its play count; its `isMuted` has no part in it. A trim that keeps no frame fails with one
  /// line, writing nothing. `description`, when it has text, goes into the file as its alt text, as
  /// for a still export.
  ///
  /// With `sizeLimit` (bytes) the file is at most that large, with every frame and delay: the
  /// normal export when it fits, else the frames made smaller or encoded at a lower quality
  /// (`AnimationFitter`), which the summary's `fit` describes. A limit not even the smallest frames
  /// meet fails with `.overSizeLimit`, writing nothing.
  @discardableResult
  public static func export(
    _ captions: MemeCaptions, imageAt input: URL, to destination: ImageDestination,
    as format: AnimationFormat,
    transform: PictureTransform = .identity, width: Int? = nil, loader: ImageLoader = ImageLoader(),
    limits: AnimationLimits = AnimationLimits(), description: String? = nil, sizeLimit: Int? = nil,
    timing: PlaybackTiming = PlaybackTiming(), cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> AnimationExportSummary {
    try ImageWriter.checkDestination(destination)
    let reader = try AnimationReader(contentsOf: input, loader: loader, limits: limits)
    let info = reader.info
    try MemeExporter.check(transform, fits: (info.width, info.height), name: input.path)
    var size = transform.outputSize(sourceWidth: info.width, sourceHeight: info.height)
    if let width {
      let height = max(
        1, Int(saturating: (Double(width) * Double(size.height) / Double(size.width)).rounded()))
      size = (width, height)
      try ImageLimits.checkScaled(
        width: size.width, height: size.height, maxPixels: loader.maxPixels, name: input.path)
    }
    // A reaction GIF: its frames kept as coded, the bubbles cut out of them. A file only, so that
    // a damaged frame leaves nothing written and the GIF is made the way that decodes what it can.
    // It copies the source's frames and timing as they are, so it plays the animation as it is.
    if case .file = destination, timing.playsAnimationAsItIs,
      let cutOut = GIFCutOut(
        captions, reader: reader, as: format, transform: transform, width: width, sizeLimit: sizeLimit)
    {
      do {
        return try cutOut.export(
          to: destination, info: info, description: description, cancellation: cancellation)
      } catch {
        guard error.kind == .corrupt else { throw error }
      }
    }
    // Animated layers (stickers) are drawn at each frame's moment; on a still picture they make
    // the frames.
    let timeline = LayerTimeline(captions, maximumFrames: limits.maxFrames)
    var captioner = FrameCaptioner(
      captions, pictureSize: size, transform: transform, animatesLayers: timeline != nil)
    let frame = captioner.layout.frame
    var workingBytes = 0
    if let reading = reader.memory {
      let workerBytes = AnimationEncoder.gifWorkerBytes(width: frame.width, height: frame.height)
      let working = reading.encoding(
        to: format, width: frame.width, height: frame.height, gifWorkerBytes: workerBytes)
      try limits.check(working, name: input.path)
      workingBytes = working.bytes
    }
    let transparent =
      try reader.hasTransparentPixels(cancellation: cancellation)
      || (!frame.isPictureOnly && frame.background.alpha < 1) || captions.cutsOutOfPicture
    var framesWritten = 0
    let stillFrames = info.isAnimated ? nil : timeline?.frames
    let frameCount = stillFrames?.count ?? info.frameCount
    let playCount = timing.playCount ?? (stillFrames == nil ? info.playCount : 0)
    // The frame on the reader's canvas, cut, turned, framed and captioned as at `time`, for `body`.
    let drawFrame = {
      (time: Int, delay: Int, body: (RasterImage, Int) throws(ImageError) -> Void) throws(ImageError) in
      try cancellation.check(name: destination.name)
      guard let output = captioner.caption(reader.canvas, at: time) else {
        throw ImageError(
          path: input.path, kind: .outOfMemory, reason: localized("not enough memory for the animation"))
      }
      try body(output, delay)
      framesWritten += 1
    }
    // Every frame the timing keeps read, cut, turned, framed and captioned, for `body`: in order,
    // or held and handed on last first.
    let frames = { (body: (RasterImage, Int) throws(ImageError) -> Void) throws(ImageError) in
      var retimer = FrameRetimer(timing, for: format)
      var reversed =
        timing.isReversed
        ? ReversedFrames(allowance: limits.memoryBudget - workingBytes, name: input.path) : nil
      var time = 0
      while let delay = try reader.nextFrame() {
        for (moment, stillDelay) in stillFrames ?? [(time, delay)] {
          guard let written = retimer.delay(ofFrameShownFor: stillDelay) else { continue }
          try drawFrame(moment, written) { (output, delay) throws(ImageError) in
            if reversed != nil { try reversed?.hold(output, delay: delay) } else { try body(output, delay) }
          }
        }
        time += AnimationLimits.playedDelay(delay)
        // Read on when nothing was kept, for the error to say how long the animation lasts.
        if retimer.isPastKeptPart && retimer.keptFrames > 0 { break }
      }
      guard retimer.keptFrames > 0 else { throw retimer.noFrameKept(name: input.path) }
      try reversed?.playBackwards(into: body)
    }
    let fit = try write(
      frames, width: frame.width, height: frame.height, frameCount: frameCount, playCount: playCount,
      transparent: transparent, as: format, palettes: GIFPalettes(drawing: captions.effects), to: destination,
      limits: limits, description: description, sizeLimit: sizeLimit, cancellation: cancellation)
    let layout = captioner.layout
    return AnimationExportSummary(
      width: fit?.width ?? frame.width, height: fit?.height ?? frame.height, frameCount: framesWritten,
      playCount: playCount, font: layout.font, overflowingCaptions: layout.overflowingCaptions,
      overflowingBoxes: layout.overflowingBoxes, sourceWasTruncated: info.isTruncated, fit: fit)
  }

  /// The frames `frames` hands to its body, in order, written to `destination` in `format`: under
  /// the size limit when there is one (`AnimationFitter`, whose fit is returned), else encoded as
  /// they come, atomically to a file; a GIF's palettes made as `palettes` says. Every animated
  /// export writes through here.
  static func write(
    _ frames: ((RasterImage, Int) throws(ImageError) -> Void) throws(ImageError) -> Void, width: Int,
    height: Int,
    frameCount: Int, playCount: Int, transparent: Bool, as format: AnimationFormat, palettes: GIFPalettes,
    to destination: ImageDestination,
    limits: AnimationLimits, description: String?, sizeLimit: Int?, cancellation: Cancellation
  ) throws(ImageError) -> AnimationFit? {
    guard let sizeLimit else {
      let encoder = try AnimationEncoder(
        format: format, width: width, height: height, playCount: playCount, transparent: transparent,
        description: description, gifPalettes: palettes, name: destination.name)
      let write = { (sink: inout AtomicFile.FileSink) throws(ImageError) in
        try frames { (output, delay) throws(ImageError) in try encoder.add(output, delay: delay, to: &sink) }
        try encoder.finish(to: &sink)
        try cancellation.check(name: destination.name)
      }
      switch destination {
      case .file(let url): try AtomicFile.write(to: ImageWriter.path(of: url), contents: write)
      case .standardOutput:
        try AtomicFile.stream(to: STDOUT_FILENO, reportedAs: destination.name, contents: write)
      }
      return nil
    }
    let fitter = try AnimationFitter(
      format: format, width: width, height: height, frameCount: frameCount, memory: limits.memoryBudget / 2,
      playCount: playCount, transparent: transparent, palettes: palettes, description: description,
      limit: sizeLimit, name: destination.name, cancellation: cancellation)
    try frames { (output, delay) throws(ImageError) in try fitter.add(output, delay: delay) }
    let fitted = try fitter.finish()
    try cancellation.check(name: destination.name)
    let result = fitted.bytes.withUnsafeBytes { bytes in
      Result { () throws(ImageError) in try ImageWriter.write(bytes, to: destination) }
    }
    try result.get()
    return fitted.fit
  }
}
