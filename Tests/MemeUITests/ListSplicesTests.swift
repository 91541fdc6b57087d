// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MemeUI

/// The splices Sent Memes' list model gets when a search changes what it shows: applied in order,
/// they make the new list, and for lists in the same order there is one per stretch that differs.
@Suite struct ListSplicesTests {
  @Test func narrowingAndWideningSpliceOnlyTheStretchesThatDiffer() {
    let all: [Int64] = Array(1...12)
    let found: [Int64] = [2, 3, 7, 8, 9, 12]
    let narrowing = ListSplices(from: all, to: found)
    #expect(narrowing.applied(to: all) == found)
    #expect(
      narrowing.splices == [
        .init(position: 0, removing: 1, inserting: []), .init(position: 2, removing: 3, inserting: []),
        .init(position: 5, removing: 2, inserting: []),
      ])
    let widening = ListSplices(from: found, to: all)
    #expect(widening.applied(to: found) == all)
    #expect(widening.splices.map(\.inserting) == [[1], [4, 5, 6], [10, 11]])
    #expect(ListSplices(from: all, to: all).splices.isEmpty, "nothing changed, nothing spliced")
    #expect(ListSplices(from: [], to: all).splices == [.init(position: 0, removing: 0, inserting: all)])
    #expect(ListSplices(from: all, to: []).splices == [.init(position: 0, removing: 12, inserting: [])])
  }

  /// Random pairs: subsets of one order (a search's results), and lists in another order altogether.
  @Test(arguments: 0..<40) func anyTwoListsEndInTheNewOne(seed: Int) {
    var generator = SplitMix(seed: UInt64(seed))
    let universe: [Int64] = Array(1...Int64(1 + Int(generator.next() % 300)))
    let old = universe.filter { _ in generator.next() % 3 != 0 }
    var new = universe.filter { _ in generator.next() % 2 == 0 }
    let splices = ListSplices(from: old, to: new)
    #expect(splices.applied(to: old) == new)
    // In the same order: one splice per maximal stretch where they differ, never more.
    let stretches = Self.differingStretches(old, new, universe: universe)
    #expect(splices.splices.count == stretches, "\(old) → \(new)")
    if seed % 4 == 0 {
      new.shuffle(using: &generator)
      #expect(ListSplices(from: old, to: new).applied(to: old) == new, "another order")
    }
  }

  /// The stretches of the common order where an id is in one list but not the other, counted apart
  /// when an id in both lies between them: an independent count of what the splices must be.
  private static func differingStretches(_ old: [Int64], _ new: [Int64], universe: [Int64]) -> Int {
    let (inOld, inNew) = (Set(old), Set(new))
    var count = 0
    var inStretch = false
    for id in universe where inOld.contains(id) || inNew.contains(id) {
      let differs = inOld.contains(id) != inNew.contains(id)
      if differs && !inStretch { count += 1 }
      inStretch = differs
    }
    return count
  }
}

/// A small seeded generator, so a failing case can be run again.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
