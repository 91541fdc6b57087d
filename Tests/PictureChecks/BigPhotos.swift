// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import Testing

/// 12000 × 9000 photos (108 MP, over the 100 MP limit), made by Pillow, and Pillow's downscale of
/// them as the reference a picture opened smaller is compared with.
public enum BigPhotos {
  public static let width = 12000
  public static let height = 9000
  static let python = "/usr/bin/python3"

  /// Smooth gradients crossed by a few hard-edged shapes: a photo's mix of flat and sharp, cheap to
  /// make and to compress. Made once per machine in the temporary folder (108 MP takes Pillow a few
  /// seconds), under a name that changes with this drawing.
  static let drawing = """
    import sys
    from PIL import Image, ImageDraw
    w, h = \(width), \(height)
    red = Image.linear_gradient('L').resize((w, h), Image.BILINEAR)
    green = Image.radial_gradient('L').resize((w, h), Image.BILINEAR)
    blue = Image.linear_gradient('L').rotate(90).resize((w, h), Image.BILINEAR)
    photo = Image.merge('RGB', (red, green, blue))
    draw = ImageDraw.Draw(photo)
    draw.ellipse((1500, 1200, 5500, 5200), fill=(250, 240, 30))
    draw.rectangle((7000, 4000, 10500, 7600), fill=(20, 60, 160))
    draw.polygon([(2000, 8500), (6000, 6000), (9000, 8800)], fill=(200, 30, 60))
    path = sys.argv[1]
    if path.endswith('.png'):
        photo.save(path + '.part', 'PNG', compress_level=1)
    else:
        photo.save(path + '.part', 'JPEG', quality=92)
    """

  /// The photo as a `kind` file ("jpg" or "png").
  public static func photo(_ kind: String) throws -> URL {
    try RequiredTools.require(
      FileManager.default.isExecutableFile(atPath: python), "python3 is not installed")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-big-photos-1")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("photo-\(width)x\(height).\(kind)")
    if FileManager.default.fileExists(atPath: url.path) { return url }
    _ = try run(drawing, [url.path])
    // Renamed into place whole: a test in another process never reads half a photo.
    if rename(url.path + ".part", url.path) != 0 { throw CocoaError(.fileWriteUnknown) }
    return url
  }

  /// The peak signal-to-noise ratio (dB, over the three colour channels) between the picture at
  /// `picture` (a PNG; its `crop` when given: x, y, width, height) and Pillow's area-averaging
  /// downscale (`Image.resize` with the box filter) of `source` to the same size.
  public static func psnr(
    of picture: URL, crop: (x: Int, y: Int, width: Int, height: Int)? = nil, against source: URL
  ) throws -> Double {
    let script = """
      import sys, math
      from PIL import Image, ImageChops, ImageStat
      Image.MAX_IMAGE_PIXELS = None
      meme = Image.open(sys.argv[1]).convert('RGB')
      if len(sys.argv) > 3:
          x, y, w, h = map(int, sys.argv[3].split(','))
          meme = meme.crop((x, y, x + w, y + h))
      reference = Image.open(sys.argv[2]).convert('RGB').resize(meme.size, Image.BOX)
      rms = ImageStat.Stat(ImageChops.difference(meme, reference)).rms
      mse = sum(r * r for r in rms) / 3
      print(99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse))
      """
    let cropped = crop.map { ["\($0.x),\($0.y),\($0.width),\($0.height)"] } ?? []
    let output = try run(script, [picture.path, source.path] + cropped)
    guard let value = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw CocoaError(.fileReadCorruptFile)
    }
    return value
  }

  private static func run(_ script: String, _ arguments: [String]) throws -> String {
    String(decoding: try JPEGTools.run("python3", ["-c", script] + arguments), as: UTF8.self)
  }
}
