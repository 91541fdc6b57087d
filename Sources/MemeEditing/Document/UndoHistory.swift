// SPDX-License-Identifier: GPL-3.0-or-later

/// Snapshot-based undo and redo.
///
/// The owner records the state *before* each change. Consecutive changes that share a coalescing
/// key (keystrokes in one caption field) make a single undo step, until `endCoalescing()` (the
/// field loses focus) or a change with another key.
struct UndoHistory<State> {
  private var undoStack: [State] = []
  private var redoStack: [State] = []
  private var openKey: String?
  /// Oldest steps are dropped beyond this, so large images in old states do not pile up.
  let limit: Int

  init(limit: Int = 100) {
    self.limit = limit
  }

  var canUndo: Bool { !undoStack.isEmpty }
  var canRedo: Bool { !redoStack.isEmpty }

  /// Records `previous`, the state before a change about to be applied.
  mutating func record(_ previous: State, coalescingKey: String? = nil) {
    redoStack.removeAll()
    if let coalescingKey, coalescingKey == openKey, !undoStack.isEmpty { return }
    openKey = coalescingKey
    undoStack.append(previous)
    if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
  }

  /// Ends the current run of coalesced changes: the next change starts a new undo step.
  mutating func endCoalescing() {
    openKey = nil
  }

  /// The state to return to, given the current one (which becomes redoable).
  mutating func undo(from current: State) -> State? {
    guard let previous = undoStack.popLast() else { return nil }
    openKey = nil
    redoStack.append(current)
    return previous
  }

  /// The state to move forward to, given the current one (which becomes undoable again).
  mutating func redo(from current: State) -> State? {
    guard let next = redoStack.popLast() else { return nil }
    openKey = nil
    undoStack.append(current)
    return next
  }
}
