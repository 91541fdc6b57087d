// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Dispatch
import Foundation
import GtkKit
import Testing

/// A main-actor slot that work posted from other threads can fill.
private final class Slot<Value> {
  var value: Value?
}

/// Something to watch being released.
private final class Payload: Sendable {}

/// Whether the calling thread is `thread` (compared by address: pthread_t is not Sendable-friendly).
private nonisolated func isCurrentThread(_ thread: UInt) -> Bool {
  UInt(bitPattern: Int(pthread_self())) == thread
}

@Suite(.serialized) struct MainLoopTests {
  @Test func postFromABackgroundThreadRunsInTheLoopIteration() {
    let ranInLoop = Slot<Bool>()
    // The thread iterating the main context in this synchronous test.
    let loopThread = UInt(bitPattern: Int(pthread_self()))
    DispatchQueue.global().async {
      MainLoop.post { ranInLoop.value = isCurrentThread(loopThread) }
    }
    #expect(MainContext.iterate { ranInLoop.value != nil })
    #expect(ranInLoop.value == true)
  }

  @Test func backgroundWorkComesBackWithItsResult() {
    let result = Slot<(sum: Int, workInLoop: Bool, completionInLoop: Bool)>()
    // The thread iterating the main context in this synchronous test.
    let loopThread = UInt(bitPattern: Int(pthread_self()))
    MainLoop.runInBackground {
      (sum: (1...1000).reduce(0, +), inLoop: isCurrentThread(loopThread))
    } then: { answer in
      result.value = (answer.sum, answer.inLoop, isCurrentThread(loopThread))
    }
    #expect(MainContext.iterate { result.value != nil })
    #expect(result.value?.sum == 500_500)
    #expect(result.value?.workInLoop == false)
    #expect(result.value?.completionInLoop == true)
  }

  @Test func delayedWorkRunsOnceAndCanBeCancelled() {
    let runs = Slot<Int>()
    runs.value = 0
    MainLoop.after(milliseconds: 1) { runs.value! += 1 }
    let cancelled = MainLoop.after(milliseconds: 1) { runs.value! += 100 }
    MainLoop.cancel(cancelled)
    #expect(MainContext.iterate { runs.value == 1 })
    MainContext.iterate(maxIterations: 5) { false }
    #expect(runs.value == 1)
  }

  @Test func postedWorkIsReleasedAfterItRuns() {
    weak var weakPayload: Payload?
    let done = Slot<Bool>()
    do {
      let payload = Payload()
      weakPayload = payload
      MainLoop.post {
        _ = payload
        done.value = true
      }
    }
    #expect(MainContext.iterate { done.value == true })
    MainContext.drain()
    #expect(weakPayload == nil)
  }
}
