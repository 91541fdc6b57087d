// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PictureChecks
import Testing

/// A 12000 × 9000 photo (108 MP, over the 100 MP limit) renders: it opens smaller, within the limit,
/// with one warning line, and its pixels are Pillow's downscale of the photo. The full-size picture
/// is never held: the render's peak memory stays below what holding it would take.
@Suite(.serialized) struct BigPhotoTests {
  @Test(arguments: ["jpg", "png"])
  func aPhotoOverTheLimitRendersSmallerWithAWarning(kind: String) throws {
    let photo = try BigPhotos.photo(kind)
    let fixtures = try Fixtures()
    let output = fixtures.path("meme.png")
    let run = try MeasuredRun(["render", photo.path, "-o", output], timeout: 300)
    #expect(run.status == 0, "\(run.standardError)")
    let meme = try ImageLoader().load(contentsOf: URL(fileURLWithPath: output))
    let pixels = meme.width * meme.height
    #expect(pixels <= ImageLoader.defaultMaxPixels)
    // JPEG: libjpeg's largest DCT scaling within the limit (7/8); PNG: averaged to just under it.
    if kind == "jpg" {
      #expect(meme.width == 10500 && meme.height == 7875)
    } else {
      #expect(pixels > ImageLoader.defaultMaxPixels - 20000, "\(meme.width) × \(meme.height)")
    }
    #expect(abs(Double(meme.width) / Double(meme.height) - 12000.0 / 9000.0) < 0.001)
    let warnings = run.standardError.split(separator: "\n").filter { $0.hasPrefix("warning:") }
    let megapixels = Int((Double(pixels) / 1e6).rounded())
    #expect(warnings.count == 1, "\(run.standardError)")
    #expect(warnings.first?.contains("Opened at \(megapixels) MP") == true, "\(run.standardError)")
    #expect(warnings.first?.contains("12,000 × 9,000") == true || warnings.first?.contains("12.000") == true)
    let psnr = try BigPhotos.psnr(of: URL(fileURLWithPath: output), against: photo)
    #expect(psnr >= 35, "PSNR \(psnr) dB against Pillow's downscale")
    // Holding the full-size picture would take 432 MB more than the opened one.
    let fullBytes = BigPhotos.width * BigPhotos.height * 4
    #expect(run.peakBytes < pixels * 4 + fullBytes / 2, "peak \(run.peakBytes / 1_000_000) MB")
    print(
      "\(kind): opened at \(meme.width) × \(meme.height), peak \(run.peakBytes / 1_000_000) MB, \(psnr) dB")
  }

  /// `--max-pixels` sets the ceiling: a JPEG over it is decoded smaller by the DCT scaling, so its
  /// blocks are not the meme's and it is encoded whole, saying why; far over it, it is refused.
  @Test func maxPixelsSetsTheCeilingAndAScaledJPEGIsEncodedWhole() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.noise(width: 640, height: 480, seed: 5), as: "in.jpg", format: .jpeg(quality: 90))
    let output = fixtures.path("out.jpg")
    let result = try CommandLineRunner.run([
      "render", input, "--top", "scaled", "--max-pixels", "100000", "--verbose", "-o", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let meme = try ImageLoader().load(contentsOf: URL(fileURLWithPath: output))
    // 1/2 is the largest DCT scaling with at most 100,000 pixels (5/8 would give 120,000).
    #expect(meme.width == 320 && meme.height == 240)
    let all = result.standardOutput + result.standardError
    #expect(all.contains("encoded in full: the photo is over the pixel limit and opens smaller"), "\(all)")
    #expect(result.standardError.contains("Opened at 0.1 MP"))
    let refused = try CommandLineRunner.run([
      "render", input, "--max-pixels", "10000", "-o", fixtures.path("refused.jpg"),
    ])
    #expect(refused.status != 0, "more than 16 times the limit is refused")
    #expect(refused.standardError.contains("more than the limit"))
  }
}
