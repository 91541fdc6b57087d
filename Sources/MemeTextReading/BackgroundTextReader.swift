// SPDX-License-Identifier: GPL-3.0-or-later
import CTesseract
import Foundation
import MemeCore

/// Reads the words in pictures on a thread of its own, one picture at a time, in the order asked,
/// at the lowest priority the system has (nice 19, see `defaultNiceness`): the app never waits for
/// it, and it never takes a core from the interface. Completions are called on that thread; a UI hops back to its own.
///
/// The thread and its Tesseract are made on the first job and kept.
public final class BackgroundTextReader: @unchecked Sendable {
  public typealias Completion = @Sendable (Result<PictureText, ImageError>) -> Void

  private enum Source {
    case file(URL)
    case image(RasterImage)
    case made(@Sendable () -> RasterImage?)
  }

  private struct Job {
    let source: Source
    let cancellation: Cancellation
    let completion: Completion
  }

  /// The niceness the reading thread takes: 19, the lowest priority, unless `MEMEME_READING_NICENESS`
  /// gives another (0 to 19). The test runs give 0: there, two test processes keep both cores busy
  /// at normal priority and a thread at 19 gets next to no time, which on a person's machine, idle
  /// most of the time, it does.
  public static let defaultNiceness: Int32 = {
    guard let text = ProcessInfo.processInfo.environment["MEMEME_READING_NICENESS"], let value = Int32(text),
      (0...19).contains(value)
    else { return 19 }
    return value
  }()

  private let languages: TextLanguages?
  private let niceness: Int32
  /// Guards `jobs` and `started`, and wakes the thread.
  private let condition = NSCondition()
  private var jobs: [Job] = []
  private var started = false

  /// A reader for `languages`; with none (no data installed), every job fails quietly. Its thread
  /// runs at `niceness`.
  public init(languages: TextLanguages? = TextLanguages.forUser(), niceness: Int32 = defaultNiceness) {
    self.languages = languages
    self.niceness = niceness
  }

  /// Reads the picture, animation or video at `url` (see `PictureTextReader.read(fileAt:)`), after the
  /// jobs asked before it. Cancel the returned token to leave it unread.
  @discardableResult
  public func read(fileAt url: URL, completion: @escaping Completion) -> Cancellation {
    enqueue(.file(url), completion: completion)
  }

  /// Reads `image`, which no one may draw on until it completes.
  @discardableResult
  public func read(_ image: RasterImage, completion: @escaping Completion) -> Cancellation {
    enqueue(.image(image), completion: completion)
  }

  /// Reads the picture `make` returns, made on the reader's thread when the job's turn comes (at its
  /// low priority, and not at all when cancelled first): a picture that must be drawn before it is
  /// read (the editor's hidden areas, flattened) costs the interface nothing either. Nil from `make`
  /// reads as no words.
  @discardableResult
  public func read(making make: @escaping @Sendable () -> RasterImage?, completion: @escaping Completion)
    -> Cancellation
  {
    enqueue(.made(make), completion: completion)
  }

  /// How many jobs wait (the one being read not counted).
  public var waitingCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return jobs.count
  }

  private func enqueue(_ source: Source, completion: @escaping Completion) -> Cancellation {
    let cancellation = Cancellation()
    condition.lock()
    jobs.append(Job(source: source, cancellation: cancellation, completion: completion))
    if !started {
      started = true
      let thread = Thread { [self] in run() }
      thread.name = "text reading"
      thread.stackSize = 8 << 20
      thread.start()
    }
    condition.signal()
    condition.unlock()
    return cancellation
  }

  private func run() {
    _ = meme_set_thread_niceness(niceness)
    let reader = languages.flatMap(PictureTextReader.init)
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.completion(read(job, with: reader))
    }
  }

  private func read(_ job: Job, with reader: PictureTextReader?) -> Result<PictureText, ImageError> {
    let name: String
    switch job.source {
    case .file(let url): name = url.path
    case .image, .made: name = "picture"
    }
    guard !job.cancellation.isCancelled else {
      return .failure(ImageError(path: name, kind: .cancelled, reason: localized("cancelled")))
    }
    guard let reader else {
      return .failure(
        ImageError(path: name, kind: .unsupported, reason: localized("no text recognition data is installed"))
      )
    }
    switch job.source {
    case .file(let url):
      return Result { () throws(ImageError) in try reader.read(fileAt: url, cancellation: job.cancellation) }
    case .image(let image):
      return .success(reader.read(image, cancellation: job.cancellation))
    case .made(let make):
      return .success(make().map { reader.read($0, cancellation: job.cancellation) } ?? .empty)
    }
  }
}
