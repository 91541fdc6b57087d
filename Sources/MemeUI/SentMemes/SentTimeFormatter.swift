// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport
import GtkKit

/// When a meme was sent, as the List shows it: "Today 14:03", "Yesterday 09:12", the weekday within
/// the last week, otherwise the date. Written in the language of the app's words, through that
/// locale's own date templates, with the clock the desktop shows (`ClockFormat`), as GTK's file
/// chooser does.
final class SentTimeFormatter {
  let locale: Locale
  let calendar: Calendar
  let timeZone: TimeZone
  /// The desktop's 24- or 12-hour clock; nil: the locale's own.
  let clock: ClockFormat?
  /// DateFormatters are costly to make and rows bind while scrolling: one per template.
  private var formatters: [String: DateFormatter] = [:]

  init(
    locale: Locale = SentTimeFormatter.interfaceLocale(), calendar: Calendar = .current,
    timeZone: TimeZone = .current, clock: ClockFormat? = .desktop
  ) {
    self.locale = locale
    self.calendar = calendar
    self.timeZone = timeZone
    self.clock = clock
  }

  /// The locale of the language the app speaks. LANGUAGE can make the words German while the
  /// formats (LC_TIME) stay "C" or English, which wrote "Heute 9:55 PM": the translation names its
  /// own locale, and the user's formats locale is kept when it is in that same language (its
  /// region's conventions, de_AT or de_CH).
  static func interfaceLocale(formats: Locale = .current, spoken: String = spokenLocale) -> Locale {
    let spoken = Locale(identifier: spoken)
    return formats.language.languageCode == spoken.language.languageCode ? formats : spoken
  }

  /// The locale the app's translation is written for.
  static var spokenLocale: String {
    // Translators: the locale whose conventions dates and times follow in your language, as a
    // locale name ("de", "pt_BR"); never shown.
    localized("en")
  }

  /// A time of day: hours and minutes on the desktop's clock.
  private var timeTemplate: String {
    switch clock {
    case .twentyFourHour: "HHmm"
    case .twelveHour: "hmma"
    case nil: "jmm"
    }
  }

  func string(for date: Date, now: Date = Date()) -> String {
    var calendar = calendar
    calendar.timeZone = timeZone
    let time = format(date, template: timeTemplate)
    let today = calendar.startOfDay(for: now)
    let day = calendar.startOfDay(for: date)
    let days = calendar.dateComponents([.day], from: day, to: today).day ?? Int.max
    switch days {
    case 0: return String(format: localized("Today %@"), time)
    case 1: return String(format: localized("Yesterday %@"), time)
    // Translators: a weekday and a time, "Monday 14:03".
    case 2..<7: return String(format: localized("%@ %@"), format(date, template: "EEEE"), time)
    default:
      let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
      return format(date, template: sameYear ? "MMMd" : "yMMMd")
    }
  }

  /// Date and time in full, for tooltips and the Detail window.
  func fullString(for date: Date) -> String {
    format(date, template: "yMMMMd" + timeTemplate)
  }

  private func format(_ date: Date, template: String) -> String {
    if let formatter = formatters[template] { return formatter.string(from: date) }
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.timeZone = timeZone
    formatter.setLocalizedDateFormatFromTemplate(template)
    formatters[template] = formatter
    return formatter.string(from: date)
  }
}

/// The clock GNOME shows, `org.gnome.desktop.interface clock-format`, which its file chooser and top
/// bar follow too.
enum ClockFormat {
  case twentyFourHour
  case twelveHour

  /// The desktop's setting; nil where GNOME's interface settings are not installed.
  static var desktop: ClockFormat? {
    guard let settings = Settings(schemaID: "org.gnome.desktop.interface") else { return nil }
    return settings.string("clock-format") == "12h" ? .twelveHour : .twentyFourHour
  }
}
