// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore
import PictureFixtures
import Testing

@testable import MemeEditing

/// The format a share hands over: no display needed.
@Suite struct ShareFormatTests {
  /// Open With and Send by E-mail hand over a JPEG for a JPEG photo shown as it is (its blocks are
  /// kept), and a PNG for anything else.
  @Test func handOverFormatFollowsThePhoto() throws {
    let jpeg = try EditorImage.load(
      contentsOf: Fixtures.picture(width: 64, height: 48, format: .jpeg(quality: 80), name: "hand.jpg"))
    let png = try EditorImage.load(contentsOf: Fixtures.picture(width: 64, height: 48, name: "hand.png"))
    #expect(ShareSnapshot.handOverFormat(for: jpeg, transform: .identity) == .jpeg(quality: 90))
    #expect(ShareSnapshot.handOverFormat(for: png, transform: .identity) == .png)
    #expect(
      ShareSnapshot.handOverFormat(for: jpeg, transform: PictureTransform(crop: nil, quarterTurns: 1)) == .png
    )
  }
}
