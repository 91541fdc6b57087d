// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeStore
import PictureFixtures
import Testing

/// A collected meme is shared again from Sent Memes without the sender's metadata: the file the
/// store shares (its rendered one) holds none of a photo's EXIF, XMP, IPTC or text chunks, read back
/// with exiftool; only the original, which never leaves the store but for Edit, is the file as
/// received.
@Suite struct CollectedPrivacyTests {
  @Test(arguments: PrivateSources.Kind.allCases)
  func theCopySharedAgainCarriesNothingOfTheSenders(_ kind: PrivateSources.Kind) throws {
    try ExifToolReader.require()
    let fixtures = try Fixtures()
    let source = try PrivateSources.picture(kind)
    let dataHome = fixtures.folder.appendingPathComponent("data", isDirectory: true)
    let result = try CommandLineRunner.run(
      ["collect", source.path], environment: ["XDG_DATA_HOME": dataHome.path])
    #expect(result.status == 0, "\(result.standardError)")
    let store = try SentMemeStore(directory: dataHome.appendingPathComponent("io.github.mememe.MemeMe"))
    let meme = try #require(try store.allMemes().first)
    #expect(meme.isReceived)

    let tags = try ExifToolReader.read(meme.renderedImageURL)
    // A JPEG stays a JPEG, its blocks copied, and its colour profile with them.
    let unexpected = tags.unexpected(allowingICCProfile: kind == .jpeg)
    #expect(unexpected.isEmpty, "\(kind): \(unexpected)")
    let shared = try Data(contentsOf: meme.renderedImageURL)
    for secret in PrivateSources.secrets {
      #expect(shared.range(of: Data(secret.utf8)) == nil, "\(kind): the shared copy holds \"\(secret)\"")
    }
    // The original is the file as received, byte for byte.
    #expect(try Data(contentsOf: meme.originalImageURL) == Data(contentsOf: source))
  }
}
