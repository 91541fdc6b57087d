// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore

/// The Style panel's Effects: Deep-fry with its strength, "Fry the text too", More JPEG with its
/// passes, and Black & white, each a switch in a row of the panel's group. They change the
/// meme's picture (`MemeCaptions.effects`) whichever caption is selected. Each switch is one undo
/// step; so is each drag of a slider, and each key press on one.
final class EffectsControls {
  let deepFry = Switch()
  let deepFryStrength = Scale(
    from: Double(PictureEffects.strengths.lowerBound), to: Double(PictureEffects.strengths.upperBound),
    step: 1)
  let friesText = Switch()
  let moreJPEG = Switch()
  let passes = Scale(
    from: Double(PictureEffects.passes.lowerBound), to: Double(PictureEffects.passes.upperBound), step: 1)
  let blackAndWhite = Switch()
  /// The rows of the two sliders and of "Fry the text too", insensitive while their effect is off.
  private let strengthRow: ActionRow
  private let passesRow: ActionRow
  private let friesTextRow: ActionRow
  /// Called with the effects the user set, and the key their change shares with the rest of its
  /// run (a slider's drag), or nil for a change of its own.
  var onChange: (PictureEffects, _ coalescingKey: String?) -> Void = { _, _ in }

  private var effects = PictureEffects.none
  private var isShowingModel = false
  /// Counts the presses and key presses on the sliders: each begins a run of changes of its own.
  private var runs = 0

  /// Fills `group` with the effects' rows.
  init(in group: PreferencesGroup) {
    deepFryStrength.widget.name = "deep-fry-strength"
    passes.widget.name = "more-jpeg-passes"
    deepFryStrength.value = Double(PictureEffects.defaultDeepFry)
    passes.value = Double(PictureEffects.defaultMoreJPEG)
    for scale in [deepFryStrength, passes] {
      scale.drawValue(true, position: GTK_POS_LEFT)
      scale.widget.setSizeRequest(width: 120, height: -1)
    }
    deepFry.widget.name = "deep-fry"
    friesText.widget.name = "fry-text"
    moreJPEG.widget.name = "more-jpeg"
    blackAndWhite.widget.name = "black-and-white"
    let deepFryRow = ActionRow(title: localized("Deep-fry"), control: deepFry.widget)
    strengthRow = ActionRow(title: localized("Deep-fry strength"), control: deepFryStrength.widget)
    friesTextRow = ActionRow(title: localized("Fry the text too"), control: friesText.widget)
    let moreJPEGRow = ActionRow(title: localized("More JPEG"), control: moreJPEG.widget)
    passesRow = ActionRow(title: localized("More JPEG passes"), control: passes.widget)
    let blackAndWhiteRow = ActionRow(title: localized("Black & white"), control: blackAndWhite.widget)
    friesTextRow.subtitle = localized("Deep-fry over the captions as well")
    for row in [deepFryRow, strengthRow, friesTextRow, moreJPEGRow, passesRow, blackAndWhiteRow] {
      group.add(row.widget)
    }
    connect()
    refresh()
  }

  /// Shows the meme's effects, without calling `onChange`.
  func show(_ effects: PictureEffects) {
    guard effects != self.effects else { return }
    self.effects = effects
    refresh()
  }

  private func refresh() {
    isShowingModel = true
    defer { isShowingModel = false }
    deepFry.isOn = effects.deepFry != nil
    if let strength = effects.deepFry { deepFryStrength.value = Double(strength) }
    friesText.isOn = effects.friesText
    moreJPEG.isOn = effects.moreJPEG != nil
    if let count = effects.moreJPEG { passes.value = Double(count) }
    blackAndWhite.isOn = effects.isBlackAndWhite
    strengthRow.widget.isSensitive = effects.deepFry != nil
    friesTextRow.widget.isSensitive = effects.deepFry != nil
    passesRow.widget.isSensitive = effects.moreJPEG != nil
  }

  private func connect() {
    let strength = deepFryStrength
    let passes = passes
    onToggle(deepFry) { effects, isOn in effects.deepFry = isOn ? Int(strength.value.rounded()) : nil }
    onToggle(friesText) { effects, isOn in effects.friesText = isOn }
    onToggle(moreJPEG) { effects, isOn in effects.moreJPEG = isOn ? Int(passes.value.rounded()) : nil }
    onToggle(blackAndWhite) { effects, isOn in effects.isBlackAndWhite = isOn }
    onSlide(strength, named: "deep-fry") { effects, value in
      if effects.deepFry != nil { effects.deepFry = value }
    }
    onSlide(passes, named: "more-jpeg") { effects, value in
      if effects.moreJPEG != nil { effects.moreJPEG = value }
    }
  }

  private func onToggle(_ control: Switch, _ edit: @escaping (inout PictureEffects, Bool) -> Void) {
    Signal.connectNotify(control.widget, property: "active") { [weak self] in
      self?.userChanged(coalescingKey: nil) { edit(&$0, control.isOn) }
    }
  }

  /// A slider's changes: those of one drag, or of one key press, are one undo step.
  private func onSlide(
    _ scale: Scale, named name: String, _ edit: @escaping (inout PictureEffects, Int) -> Void
  ) {
    scale.widget.addController(Gesture.pressesFirst { [weak self] in self?.runs += 1 })
    scale.widget.addController(
      Gesture.keysFirst { [weak self] _, _ in
        self?.runs += 1
        return false
      })
    scale.onValueChanged { [weak self] value in
      guard let self else { return }
      userChanged(coalescingKey: "effects-\(name)-\(runs)") { edit(&$0, Int(value.rounded())) }
    }
  }

  private func userChanged(coalescingKey: String?, _ edit: (inout PictureEffects) -> Void) {
    guard !isShowingModel else { return }
    var next = effects
    edit(&next)
    guard next != effects else { return }
    effects = next
    refresh()
    onChange(next, coalescingKey)
  }
}
