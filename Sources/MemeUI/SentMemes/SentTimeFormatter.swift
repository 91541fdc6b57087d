// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport

/// When a meme was sent, as the List shows it: "Today 14:03", "Yesterday 09:12", the weekday within
/// the last week, otherwise the date. Localised through the locale's own date templates.
final class SentTimeFormatter {
  let locale: Locale
  let calendar: Calendar
  let timeZone: TimeZone
  /// DateFormatters are costly to make and rows bind while scrolling: one per template.
  private var formatters: [String: DateFormatter] = [:]

  init(locale: Locale = .current, calendar: Calendar = .current, timeZone: TimeZone = .current) {
    self.locale = locale
    self.calendar = calendar
    self.timeZone = timeZone
  }

  func string(for date: Date, now: Date = Date()) -> String {
    var calendar = calendar
    calendar.timeZone = timeZone
    let time = format(date, template: "jmm")
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
    format(date, template: "yMMMMdjmm")
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
