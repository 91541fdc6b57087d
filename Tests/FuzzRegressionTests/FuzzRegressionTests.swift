// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeFuzzing
import Testing

/// Every input a fuzz target ever crashed on (Fuzz/crashes/TARGET) and every seed (Fuzz/corpus/TARGET)
/// runs through its target again: a crash fails the whole run, a broken promise fails the test.
@Suite struct FuzzRegressionTests {
  static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

  @Test(arguments: FuzzTarget.allCases)
  func savedInputsPass(_ target: FuzzTarget) throws {
    let seeds = FuzzReplay.inputs(in: Self.fuzzFolder.appendingPathComponent("corpus/\(target.rawValue)"))
    let crashes = FuzzReplay.inputs(in: Self.fuzzFolder.appendingPathComponent("crashes/\(target.rawValue)"))
    #expect(!seeds.isEmpty, "no seed corpus for \(target.rawValue)")
    for file in seeds + crashes {
      if let finding = try FuzzReplay.run(target, file: file) {
        Issue.record("\(file.lastPathComponent): \(finding)")
      }
    }
  }

  /// gdk-pixbuf sizes its buffers from a BMP's stated header size and colour count alone: these
  /// files of a few hundred bytes (four billion colours; a 4 GB header) made it ask for 4 GB, when
  /// decoding and when only reading the size. The header check refuses them first.
  @Test(arguments: [
    "bmp-palette-of-four-billion-colours.bmp", "bmp-palette-of-four-billion-colours-header-only.bmp",
  ])
  func aBMPClaimingMoreColoursThanItHoldsIsRefusedFromItsHeader(name: String) throws {
    let file = Self.fuzzFolder.appendingPathComponent("crashes/image-loading/\(name)")
    let loadError = #expect(throws: ImageError.self) { try ImageLoader().load(contentsOf: file) }
    let sizeError = #expect(throws: ImageError.self) { try ImageLoader().pixelSize(ofImageAt: file) }
    for error in [loadError, sizeError] {
      #expect(error?.kind == .corrupt)
      #expect(error?.reason == "corrupt BMP: its headers claim more data than the file holds")
    }
  }
}
