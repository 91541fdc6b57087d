// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore

/// How a moving picture plays, beside its trim: Speed (0.25× to 4×), Reverse, Loop (as the file
/// says, once, a number of times, for ever; not for a video) and, for a picture with sound (a
/// video), Mute. Each change is one undo step.
final class PlaybackControls {
  /// The speeds offered, in the drop-down's order.
  static let speeds: [Double] = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4]
  /// Loop's choices, in the drop-down's order.
  enum Loop: Int, CaseIterable {
    case asTheFileSays, once, times, forever
  }

  /// The group of rows; put it in the timing popover.
  let widget: Widget
  let speed = DropDown(strings: speeds.map { PlaybackControls.speedLabel($0) })
  let reverse = Switch()
  let loop = DropDown(strings: [
    localized("As the file says"), localized("Once"), localized("Number of times"), localized("Forever"),
  ])
  let loopCount = SpinButton(
    minimum: 2, maximum: Double(PlaybackTiming.playCounts.upperBound), step: 1, digits: 0)
  let mute = Switch()
  let reverseRow: ActionRow
  private let loopRow: ActionRow
  private let loopCountRow: ActionRow
  let muteRow: ActionRow
  /// Called with the timing the user set.
  var onChange: (PlaybackTiming) -> Void = { _ in }

  private var timing = PlaybackTiming()
  private var isShowingModel = false

  init() {
    let group = PreferencesGroup(title: localized("Timing"))
    widget = group.widget
    speed.widget.name = "timing-speed"
    reverse.widget.name = "timing-reverse"
    loop.widget.name = "timing-loop"
    loopCount.widget.name = "timing-loop-count"
    mute.widget.name = "timing-mute"
    for control in [speed.widget, reverse.widget, loop.widget, loopCount.widget, mute.widget] {
      control.verticalAlignment = GTK_ALIGN_CENTER
    }
    let speedRow = ActionRow(title: localized("Speed"), control: speed.widget)
    reverseRow = ActionRow(title: localized("Reverse"), control: reverse.widget)
    loopRow = ActionRow(title: localized("Loop"), control: loop.widget)
    loopCountRow = ActionRow(title: localized("Times"), control: loopCount.widget)
    muteRow = ActionRow(title: localized("Mute"), control: mute.widget)
    Accessible.setLabel(speed.widget, localized("Speed"))
    Accessible.setLabel(reverse.widget, localized("Reverse"))
    Accessible.setLabel(loop.widget, localized("Loop"))
    Accessible.setLabel(loopCount.widget, localized("Number of times"))
    Accessible.setLabel(mute.widget, localized("Mute"))
    for row in [speedRow, reverseRow, loopRow, loopCountRow, muteRow] { group.add(row.widget) }
    connect()
    refresh(hasSound: false, isVideo: false)
  }

  /// "0.25×", "2×": a speed as the drop-down says it, in the user's language's numbers.
  static func speedLabel(_ speed: Double) -> String {
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = 2
    let number = formatter.string(from: NSNumber(value: speed)) ?? String(speed)
    return String(format: localized("%@×"), number)
  }

  /// Shows `timing`, and Mute only when the picture has sound, without calling `onChange`. A video
  /// has no Loop (it plays once, as videos do). A reversed video is saved without its sound
  /// (`PlaybackTiming.playsVideoSound`): Mute shows on, insensitive, and says so.
  func show(_ timing: PlaybackTiming, hasSound: Bool, isVideo: Bool = false) {
    self.timing = timing
    refresh(hasSound: hasSound, isVideo: isVideo)
  }

  private func refresh(hasSound: Bool, isVideo: Bool) {
    loopRow.widget.isVisible = !isVideo
    isShowingModel = true
    defer { isShowingModel = false }
    // A speed between the ones offered (from the command line) shows as the nearest.
    let nearest = Self.speeds.indices.min {
      abs(Self.speeds[$0] - timing.speed) < abs(Self.speeds[$1] - timing.speed)
    }
    speed.selected = nearest ?? 3
    reverse.isOn = timing.isReversed
    loop.selected = Self.loop(of: timing.playCount).rawValue
    if let count = timing.playCount, count > 1 { loopCount.value = Double(count) }
    loopCountRow.widget.isVisible = !isVideo && Self.loop(of: timing.playCount) == .times
    let reversedVideo = isVideo && timing.isReversed
    mute.isOn = timing.isMuted || reversedVideo
    mute.widget.isSensitive = !reversedVideo
    muteRow.subtitle = reversedVideo ? localized("A reversed video is saved without sound") : ""
    muteRow.widget.isVisible = hasSound
  }

  static func loop(of playCount: Int?) -> Loop {
    switch playCount {
    case nil: .asTheFileSays
    case 0: .forever
    case 1: .once
    default: .times
    }
  }

  private func connect() {
    speed.onSelected { [weak self] index in
      guard Self.speeds.indices.contains(index) else { return }
      self?.userChanged { $0.speed = Self.speeds[index] }
    }
    Signal.connectNotify(reverse.widget, property: "active") { [weak self] in
      guard let self else { return }
      userChanged { [reverse] in $0.isReversed = reverse.isOn }
    }
    Signal.connectNotify(mute.widget, property: "active") { [weak self] in
      guard let self else { return }
      userChanged { [mute] in $0.isMuted = mute.isOn }
    }
    loop.onSelected { [weak self] index in
      guard let self, let choice = Loop(rawValue: index) else { return }
      let count = Int(loopCount.value.rounded())
      userChanged {
        switch choice {
        case .asTheFileSays: $0.playCount = nil
        case .once: $0.playCount = 1
        case .times: $0.playCount = count
        case .forever: $0.playCount = 0
        }
      }
    }
    loopCount.onValueChanged { [weak self] value in
      guard let self, Self.loop(of: timing.playCount) == .times else { return }
      userChanged { $0.playCount = Int(value.rounded()) }
    }
  }

  private func userChanged(_ edit: (inout PlaybackTiming) -> Void) {
    guard !isShowingModel else { return }
    var next = timing
    edit(&next)
    guard next != timing else { return }
    timing = next
    loopCountRow.widget.isVisible = loopRow.widget.isVisible && Self.loop(of: timing.playCount) == .times
    onChange(next)
  }
}
