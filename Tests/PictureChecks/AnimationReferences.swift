// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore

/// Decoders of animations that are not MemeMe's: ImageMagick's -coalesce for the frames as a viewer
/// composes them, Pillow for the structure (frame count, delays, loop count) and the frames of
/// what MemeMe writes.
public enum AnimationReferences {
  public static var imageMagickAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
  }

  public static var pillowAvailable: Bool {
    (try? JPEGTools.run("python3", ["-c", "import PIL"])) != nil
  }

  /// Every frame of `animation` composed by ImageMagick (`convert -coalesce`), as RGBA PNGs read back.
  public static func coalescedByImageMagick(_ animation: URL) throws -> [RasterImage] {
    let folder = try freshFolder()
    try JPEGTools.run("convert", [animation.path, "-coalesce", "PNG32:\(folder.path)/frame-%04d.png"])
    return try frames(in: folder)
  }

  /// What Pillow reads from an animation: its frames (composed, RGBA), each frame's delay in
  /// milliseconds and the loop value (nil when the file has none).
  public struct PillowReading {
    public let frames: [RasterImage]
    public let delays: [Int]
    public let loop: Int?
  }

  public static func readByPillow(_ animation: URL) throws -> PillowReading {
    let folder = try freshFolder()
    let script = """
      import sys
      from PIL import Image, ImageSequence
      image = Image.open(sys.argv[1])
      delays = []
      for index, frame in enumerate(ImageSequence.Iterator(image)):
          # Pillow fills in a WebP frame's duration when it decodes the frame.
          rgba = frame.convert("RGBA")
          delays.append(str(frame.info.get("duration", 0)))
          rgba.save("%s/frame-%04d.png" % (sys.argv[2], index))
      print(" ".join(delays))
      print(image.info.get("loop", "none"))
      """
    let output = try JPEGTools.run("python3", ["-c", script, animation.path, folder.path])
    let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
    guard lines.count == 2 else { throw ReadingFailure(description: "Pillow printed \(lines)") }
    return PillowReading(
      frames: try frames(in: folder), delays: lines[0].split(separator: " ").compactMap { Int($0) },
      loop: Int(lines[1]))
  }

  /// The rectangle each frame of a GIF covers (its image descriptor's), as Pillow reads it.
  public static func gifFrameRectanglesByPillow(_ gif: URL) throws -> [ImageRect] {
    let script = """
      import sys
      from PIL import Image
      image = Image.open(sys.argv[1])
      for index in range(image.n_frames):
          image.seek(index)
          x0, y0, x1, y1 = image.dispose_extent
          print(x0, y0, x1 - x0, y1 - y0)
      """
    let output = try JPEGTools.run("python3", ["-c", script, gif.path])
    return try String(decoding: output, as: UTF8.self).split(separator: "\n").map { line -> ImageRect in
      let numbers = line.split(separator: " ").compactMap { Int(String($0)) }
      guard numbers.count == 4 else { throw ReadingFailure(description: "Pillow printed \(String(line))") }
      return ImageRect(
        x: Double(numbers[0]), y: Double(numbers[1]), width: Double(numbers[2]), height: Double(numbers[3]))
    }
  }

  public struct ReadingFailure: Error, CustomStringConvertible {
    public let description: String
  }

  private static func freshFolder() throws -> URL {
    let folder = ScratchFolder.unique("frames")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private static func frames(in folder: URL) throws -> [RasterImage] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".png")
    }
    .sorted()
    return try names.map { try ImageLoader().load(contentsOf: folder.appendingPathComponent($0)) }
  }
}
