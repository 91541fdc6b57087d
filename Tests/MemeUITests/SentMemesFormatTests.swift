// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import GtkTestSupport
import Testing

@testable import MemeUI

/// What the List shows: when a meme was sent, and thumbnails in the frames' shape.
@Suite struct SentMemesFormatTests {
  private let formatter: SentTimeFormatter

  init() {
    // Before GSettings is first used (the formatter reads the desktop's clock): its default schema
    // source is made once, from the schema folders set then, and PreferencesTests, in the same
    // process, need the app's schema in it.
    TestEnvironment.prepareOnce()
    formatter = SentTimeFormatter(
      locale: Locale(identifier: "en_GB"), calendar: Calendar(identifier: .gregorian),
      timeZone: TimeZone(identifier: "UTC")!)
  }
  private let now = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")!

  private func date(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

  @Test func todayAndYesterdayShowTheTime() {
    #expect(formatter.string(for: date("2026-11-22T14:03:00Z"), now: now) == "Today 14:03")
    #expect(formatter.string(for: date("2026-11-21T09:12:00Z"), now: now) == "Yesterday 09:12")
  }

  @Test func thisWeekShowsTheWeekday() {
    #expect(formatter.string(for: date("2026-11-18T08:00:00Z"), now: now) == "Wednesday 08:00")
  }

  @Test func olderShowsTheDate() {
    #expect(formatter.string(for: date("2026-03-05T08:00:00Z"), now: now) == "5 Mar")
    #expect(formatter.string(for: date("2025-12-24T08:00:00Z"), now: now) == "24 Dec 2025")
  }

  /// A German user whose formats are left in the C locale (LANGUAGE=de, LC_TIME unset) read
  /// "Heute 9:55 PM": the times now follow the language the app speaks and the desktop's clock.
  @Test func timesFollowTheSpokenLanguageAndTheDesktopsClock() {
    let evening = date("2026-11-22T21:55:00Z")
    let posix = Locale(identifier: "en_US_POSIX")
    let german = SentTimeFormatter.interfaceLocale(formats: posix, spoken: "de")
    #expect(german.language.languageCode == "de")
    func time(_ locale: Locale, _ clock: ClockFormat?) -> String {
      SentTimeFormatter(
        locale: locale, calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC")!,
        clock: clock
      ).fullString(for: evening)
    }
    #expect(time(german, nil).contains("21:55"), "German's own clock: \(time(german, nil))")
    #expect(time(german, nil).contains("November"), "German month names: \(time(german, nil))")
    #expect(time(posix, .twentyFourHour).contains("21:55") && !time(posix, .twentyFourHour).contains("PM"))
    #expect(time(posix, .twelveHour).contains("9:55") && time(posix, .twelveHour).contains("PM"))
    // The user's own formats are kept when they are in the language spoken (their region's ways).
    let swiss = Locale(identifier: "de_CH")
    #expect(SentTimeFormatter.interfaceLocale(formats: swiss, spoken: "de") == swiss)
  }

  @Test func theDesktopsClockSettingIsRead() throws {
    // Only in memory: the desktop's own setting is the user's, not a test's to change.
    guard ProcessInfo.processInfo.environment["GSETTINGS_BACKEND"] == "memory" else {
      try Test.cancel("GSETTINGS_BACKEND is not memory: the desktop's clock setting is left alone")
    }
    let settings = try #require(Settings(schemaID: "org.gnome.desktop.interface"))
    defer { settings.reset("clock-format") }
    settings.setString("12h", for: "clock-format")
    #expect(ClockFormat.desktop == .twelveHour)
    settings.setString("24h", for: "clock-format")
    #expect(ClockFormat.desktop == .twentyFourHour)
  }

  @Test func thumbnailsShowTheWholeMemeInTheFramesShape() {
    #expect(ThumbnailShape.fittedRect(width: 512, height: 384, inFrameWidth: 256) == (0, 0, 256, 192))
    #expect(
      ThumbnailShape.fittedRect(width: 256, height: 144, inFrameWidth: 256) == (0, 24, 256, 144),
      "wide: bars above and below")
    #expect(
      ThumbnailShape.fittedRect(width: 256, height: 384, inFrameWidth: 256) == (64, 0, 128, 192),
      "tall: bars at the sides, captions kept")
  }
}
