// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeCore

/// A messenger sticker's picture: its size, and what its matte makes transparent (the band around
/// the picture) and what it keeps (the picture, the band's text with a halo of the band's colour).
@Suite struct StickerExportTests {
  @Test func theLongSideIs512AndTheAspectIsKept() {
    #expect(StickerExport.size(width: 1600, height: 1200) == (512, 384))
    #expect(StickerExport.size(width: 300, height: 900) == (171, 512))
    #expect(StickerExport.size(width: 300, height: 900, evenSides: true) == (172, 512))
    #expect(StickerExport.size(width: 100, height: 100) == (512, 512))
    #expect(StickerExport.size(width: 4000, height: 2) == (512, 1))
  }

  /// A band meme of a red picture: the band's corner is transparent, the picture opaque red, and
  /// the band's black text kept with white around it.
  @Test func aBandBecomesTransparentAroundItsOutlinedText() throws {
    let picture = try #require(RasterImage(width: 800, height: 600, hasAlpha: false))
    picture.fill(with: RGBAColor(red: 1, green: 0, blue: 0))
    let captions = MemeCaptions(
      top: "WWWWWWWW", bottom: "", style: MemeLayoutKind.band.defaultStyle, layout: .band)
    let (meme, layout) = try #require(MemeRenderer.render(captions, picture: picture))
    let sticker = try #require(StickerExport.picture(of: meme, frame: layout.frame))
    #expect(sticker.width == 512 && sticker.hasAlpha)
    #expect(sticker.color(atX: 0, y: 0).alpha == 0)
    let pictureTop = Int((Double(layout.frame.pictureY) * 512 / 800).rounded(.up))
    let red = sticker.color(atX: 256, y: pictureTop + 20)
    #expect(red.alpha == 1 && red.red > 0.99 && red.green < 0.01)
    // In the band: opaque black ink, white halo (opaque, light) and clear band, and nothing else.
    var ink = 0
    var halo = 0
    var clear = 0
    for y in 0..<pictureTop - 1 {
      for x in 0..<sticker.width {
        let color = sticker.color(atX: x, y: y)
        if color.alpha == 0 { clear += 1 }
        if color.alpha > 0.99, color.red < 0.1 { ink += 1 }
        if color.alpha > 0.99, color.red > 0.9 { halo += 1 }
      }
    }
    #expect(ink > 200, "the text's ink is kept")
    #expect(halo > ink / 2, "a halo of the band's white lies around it")
    #expect(clear > sticker.width * (pictureTop - 1) / 2, "the rest of the band is transparent")
  }

  /// Classic draws on the picture: a photo's sticker is its scaled meme, opaque throughout.
  @Test func aClassicPhotoStaysOpaque() throws {
    let picture = try #require(RasterImage(width: 600, height: 800, hasAlpha: false))
    picture.fill(with: RGBAColor(red: 0, green: 0.5, blue: 1))
    let (meme, layout) = try #require(
      MemeRenderer.render(MemeCaptions(top: "TOP", bottom: "BOTTOM"), picture: picture))
    let sticker = try #require(StickerExport.picture(of: meme, frame: layout.frame))
    #expect(sticker.height == 512 && sticker.width == 384 && !sticker.hasAlpha)
    #expect(sticker.color(atX: 0, y: 0).alpha == 1)
  }

  /// A still within the limit is a PNG; one the PNG cannot fit becomes a WebP under the limit.
  @Test func aStillOverThePNGLimitBecomesAWebP() throws {
    let noise = try #require(RasterImage(width: 512, height: 512, hasAlpha: true))
    noise.flush()
    var seed: UInt32 = 7
    for offset in 0..<(noise.stride * noise.height) {
      seed = seed &* 1_664_525 &+ 1_013_904_223
      noise.pixels[offset] = offset % 4 == 3 ? 255 : UInt8(seed >> 24)
    }
    noise.markDirty()
    let png = try StickerStill.encode(noise, preferring: .png, limit: 10_000_000, name: "noise")
    #expect(png.kind == .png)
    let fitted = try StickerStill.encode(noise, preferring: .png, limit: png.bytes.count / 4, name: "noise")
    #expect(fitted.kind == .webp && fitted.bytes.count <= png.bytes.count / 4)
    #expect(throws: ImageError.self) {
      try StickerStill.encode(noise, preferring: .png, limit: 100, name: "noise")
    }
  }
}
