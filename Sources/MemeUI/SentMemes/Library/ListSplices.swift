// SPDX-License-Identifier: GPL-3.0-or-later

/// The splices that turn one list of ids into another, so that a list model changes only where the
/// lists differ: a search narrowed by a letter removes the memes it no longer finds, and clearing it
/// inserts the hidden ones back, each run of them at its place, instead of replacing every item
/// (which makes the views drop and rebuild everything, and costs a new item object for every id).
///
/// Made for lists in the same order (a search's results are the whole list less the memes it hides):
/// then the runs are exactly the stretches where the lists differ. Ids whose order changed are
/// removed and inserted again, which still ends in the new list.
struct ListSplices {
  /// One splice, applied in order: at `position` of the list as the earlier splices left it.
  struct Splice: Equatable {
    let position: Int
    let removing: Int
    let inserting: [Int64]
  }

  let splices: [Splice]

  init(from old: [Int64], to new: [Int64]) {
    let inOld = Set(old)
    let inNew = Set(new)
    // Ids taken out before their place in the new list came: they go in again there.
    var takenOut: Set<Int64> = []
    var splices: [Splice] = []
    var (i, j) = (0, 0)
    var runStart = 0
    var removing = 0
    var inserting: [Int64] = []
    func endRun() {
      if removing > 0 || !inserting.isEmpty {
        splices.append(Splice(position: runStart, removing: removing, inserting: inserting))
      }
      removing = 0
      inserting = []
    }
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        endRun()
        i += 1
        j += 1
        // The list now starts with new[..<j]: the next run begins there.
        runStart = j
      } else if i < old.count, !inNew.contains(old[i]) {
        removing += 1
        i += 1
      } else if j < new.count, !inOld.contains(new[j]) || takenOut.contains(new[j]) {
        inserting.append(new[j])
        j += 1
      } else if i < old.count {
        // Moved: out now, in again at its new place.
        takenOut.insert(old[i])
        removing += 1
        i += 1
      } else {
        inserting.append(new[j])
        j += 1
      }
    }
    endRun()
    self.splices = splices
  }

  /// `list` with the splices applied: `new`, for a list that was `old`.
  func applied(to list: [Int64]) -> [Int64] {
    var result = list
    for splice in splices {
      result.replaceSubrange(splice.position..<splice.position + splice.removing, with: splice.inserting)
    }
    return result
  }
}
