// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// Any bytes as a JPEG photo through the block path with a caption: the coded-data walk, decoding
/// of the caption rows and copying of the rest (the walk reads untrusted Huffman codes by hand).
/// It must give a JPEG that decodes to the photo's size, or decline, or one `ImageError`; never a
/// crash or a read outside the data.
enum JPEGBlocksTarget {
  static let maxPixels = 4_000_000

  static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzFinding) {
    let folder = ScratchFolder.fresh("jpeg-blocks")
    let photo = folder.appendingPathComponent("photo.jpg")
    guard (try? Data(bytes).write(to: photo)) != nil else { return }
    let loader = ImageLoader(maxPixels: maxPixels)
    let captions = MemeCaptions(top: "fuzz", bottom: "")
    guard let encoded = try? MemeExporter.encodeKeepingJPEGBlocks(captions, imageAt: photo, loader: loader)
    else { return }
    guard let size = try? loader.pixelSize(ofImageAt: photo) else {
      throw FuzzFinding("the block path wrote a meme of a photo whose size cannot be read")
    }
    let meme: RasterImage
    do {
      meme = try loader.load(data: Array(encoded), name: "meme")
    } catch {
      throw FuzzFinding("the block path wrote a JPEG that does not decode: \(error)")
    }
    guard meme.width == size.width, meme.height == size.height else {
      throw FuzzFinding("a \(size.width)×\(size.height) photo became a \(meme.width)×\(meme.height) meme")
    }
  }
}
