import DiskTestSupport
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureFixtures
import Testing

@testable import MemeCore

/// A JPEG that decodes with errors loads, and says it is damaged instead of passing for whole.
@Suite struct DamagedJPEGTests {
  @Test func aScrambledJPEGLoadsAndReportsTheDamage() throws {
    let clean = try ImageWriter.encode(TestPictures.gradient(width: 640, height: 480), as: .jpeg(quality: 92))
    let damaged = DamagedJPEG.scrambled(clean)
    #expect(damaged != clean)
    let whole = try ImageLoader().load(data: clean, name: "clean.jpg")
    #expect(whole.damage == nil, "a clean decode reports nothing")
    let image = try ImageLoader().load(data: damaged, name: "damaged.jpg")
    #expect(image.width == 640 && image.height == 480, "the picture still loads")
    let damage = try #require(image.damage, "libjpeg's warning is kept")
    #expect(damage.lowercased().contains("corrupt") || damage.lowercased().contains("jpeg"), "\(damage)")
    // The warning is about real damage: the pixels differ from the clean decode somewhere.
    var differs = false
    for y in stride(from: 0, to: 480, by: 4) where !differs {
      for x in stride(from: 0, to: 640, by: 4) {
        let a = image.color(atX: x, y: y)
        let b = whole.color(atX: x, y: y)
        if abs(a.red - b.red) + abs(a.green - b.green) + abs(a.blue - b.blue) > 0.3 {
          differs = true
          break
        }
      }
    }
    #expect(differs, "the scrambled bytes really damaged the picture")
    // Reduced decodes (the editor's preview, --width) report it too.
    #expect(try ImageLoader().load(data: damaged, name: "damaged.jpg", targetWidth: 160).damage != nil)
  }
}
