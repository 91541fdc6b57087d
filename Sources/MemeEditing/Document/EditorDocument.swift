// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// The editor's model: the current state, the changes made to it and their undo history.
/// Widgets write through its methods and redraw from `onChange`; it knows nothing of GTK.
public final class EditorDocument {
  /// What a change touched.
  public typealias Change = EditorChange

  /// Changed through `apply` (an undo step), but for a panel meme's sheet drawn again in place
  /// (`PanelChanges.replaceSheet`).
  var state: EditorState
  /// The style of a fresh start (launch and reset): the one used last.
  public var launchStyle: CaptionStyle
  var history = UndoHistory<EditorState>()
  /// The index in `layers` of the layer being worked on, if any (see `selectLayer(at:)`).
  public internal(set) var selectedLayerIndex: Int?
  /// The state last kept, against which closing the editor is judged.
  private var kept: KeptState
  /// Called after every change with what changed.
  public var onChange: (Change) -> Void = { _ in }

  /// What makes the meme: its captions and layers, the picture's transform, its description.
  public var content: MemeContent { state.content }
  public var captions: MemeCaptions { state.captions }
  /// The description the user wrote, or nil while the default applies.
  public var customDescription: String? { state.customDescription }
  /// The meme's description: the user's, or its text in reading order (what a share writes into the
  /// file and keeps in Sent Memes; what a description field shows as its placeholder when empty).
  public var resolvedDescription: String { state.resolvedDescription }
  public var image: EditorImage? { state.image }
  public var transform: PictureTransform { state.transform }
  public var layout: MemeLayoutKind { state.layout }
  public var canUndo: Bool { history.canUndo }
  public var canRedo: Bool { history.canRedo }

  public init(launchStyle: CaptionStyle = .classic) {
    self.launchStyle = launchStyle
    state = EditorState(style: launchStyle)
    kept = KeptState(state)
  }

  /// Whether closing now would lose an edited meme that has not been shared: the state is neither
  /// the last one kept nor the blank launch state (a fresh start, or Cancel, loses nothing).
  public var hasUnsharedChanges: Bool { kept.wouldLoseWork(state, launchState: launchState) }

  /// Whether the meme being edited is in Sent Memes in some version: it was shared from here, or
  /// opened from there, and its picture has not been replaced since. Closing it then loses only
  /// the changes made since, not the meme.
  public var isEditingKeptMeme: Bool { kept.holdsKeptPicture(state) }

  /// The current state is safe (it was just shared, or it is a sent meme just opened): closing it
  /// loses nothing until it changes again.
  public func markKept() { kept = KeptState(state) }

  /// No picture, no text typed, the launch style.
  private var launchState: EditorState { EditorState(style: launchStyle) }

  /// A keystroke in a caption field; a run of keystrokes in one field is one undo step. Text beyond
  /// `CaptionLimits` is cut to them, and the limit it went beyond returned, for the field to say so.
  @discardableResult
  public func setText(_ text: String, at position: CaptionPosition) -> CaptionLimits.Excess? {
    let (text, excess) = captions.bounded(text, inPlaceOf: CaptionPosition.allCases.firstIndex(of: position)!)
    guard state.text(at: position) != text else { return excess }
    var next = state
    next.setText(text, at: position)
    apply(next, changed: .captions, coalescingKey: "caption-\(position)")
    return excess
  }

  /// A keystroke in the description field: a run of them is one undo step, like a caption's. Text
  /// with nothing but white space (or nil) goes back to the default description, which then follows
  /// the captions again.
  public func setDescription(_ text: String?) {
    let text = text.flatMap { MemeDescription.hasText($0) ? $0 : nil }
    guard state.customDescription != text else { return }
    var next = state
    next.customDescription = text
    apply(next, changed: .description, coalescingKey: "description")
  }

  /// The texts of `meme` (a sent meme opened for Edit & Resend): its captions, layers, layout,
  /// style and description, in one undo step. The picture is set apart (`setImage`), once it is loaded.
  public func setTexts(of meme: Meme) {
    var next = state
    next.top = MemeCaptions.bounded(meme.top).text
    next.bottom = MemeCaptions.bounded(meme.bottom).text
    next.layers = meme.layers
    // The meme's own style, not the one switching layouts would adapt to.
    next.layout = meme.layout
    next.style = meme.style
    next.customDescription = meme.customDescription.flatMap { MemeDescription.hasText($0) ? $0 : nil }
    guard !next.isSame(as: state) else { return }
    history.endCoalescing()
    apply(next, changed: [.captions, .style, .description])
  }

  /// Ends a run of coalesced changes (typing that lost focus or took Enter, a slider let go).
  public func endTyping() {
    history.endCoalescing()
  }

  public func setStyle(_ style: CaptionStyle) {
    guard state.style != style else { return }
    var next = state
    next.style = style
    apply(next, changed: .style)
  }

  /// Arranges the texts and the picture as `layout` (one undo step). The texts stay; colours and
  /// letter case still at the old layout's defaults take the new one's (see
  /// `MemeLayoutKind.style(switchingFrom:_:)`).
  public func setLayout(_ layout: MemeLayoutKind) {
    guard state.layout != layout else { return }
    var next = state
    next.style = layout.style(switchingFrom: state.layout, state.style)
    next.layout = layout
    history.endCoalescing()
    apply(next, changed: [.captions, .style])
  }

  /// A new picture, shown as it is unless `transform` (a sent meme's, being edited again) says how to
  /// cut and turn it; a transform whose crop does not fit the picture is dropped. A moving picture
  /// plays as `timing` says (a sent meme's), else as its file does.
  public func setImage(
    _ image: EditorImage, transform: PictureTransform = .identity, timing: PlaybackTiming = PlaybackTiming()
  ) {
    var next = state
    next.image = image
    next.transform = transform.validated(sourceWidth: image.width, sourceHeight: image.height) ?? .identity
    next.timing = timing
    apply(next, changed: [.image, .transform, .timing])
  }

  /// Turns the picture as it is seen by a quarter turn (undoable).
  public func rotate(clockwise: Bool) {
    changeTransform { $0.rotate(clockwise: clockwise) }
  }

  /// Keeps only `crop` of the source (nil: all of it), keeping the turn and mirroring (undoable).
  public func setCrop(_ crop: PixelRect?) {
    guard let image, state.transform.crop != crop else { return }
    var next = state
    next.transform.crop = crop
    guard next.transform.validated(sourceWidth: image.width, sourceHeight: image.height) != nil else {
      return
    }
    apply(next, changed: .transform)
  }

  /// Mirrors the picture as it is seen (undoable).
  public func flip(horizontally: Bool) {
    changeTransform { $0.flip(horizontally: horizontally) }
  }

  /// The picture's transform changed by `change` (undoable); nothing without a picture.
  private func changeTransform(_ change: (inout PictureTransform) -> Void) {
    guard image != nil else { return }
    var next = state
    change(&next.transform)
    apply(next, changed: .transform)
  }

  /// Back to the launch state (undoable).
  public func reset() {
    let fresh = launchState
    guard !state.isSame(as: fresh) else { return }
    apply(fresh, changed: .all)
  }

  public func undo() {
    guard let previous = history.undo(from: state) else { return }
    replace(with: previous)
  }

  public func redo() {
    guard let next = history.redo(from: state) else { return }
    replace(with: next)
  }

  func apply(_ next: EditorState, changed: Change, coalescingKey: String? = nil) {
    history.record(state, coalescingKey: coalescingKey)
    state = next
    var changed = changed.union(.history)
    dropStaleSelection(&changed)
    onChange(changed)
  }

  private func replace(with next: EditorState) {
    var changed = Change.between(state, next)
    let selection =
      next.layers == state.layers
      ? selectedLayerIndex : LayerSelection.after(state.layers, next.layers, selected: selectedLayerIndex)
    state = next
    if selection != selectedLayerIndex {
      selectedLayerIndex = selection
      changed.insert(.selection)
    }
    dropStaleSelection(&changed)
    onChange(changed)
  }

  /// Forgets a selected box that no longer exists (undone, reset).
  private func dropStaleSelection(_ changed: inout Change) {
    guard let selected = selectedLayerIndex, !state.layers.indices.contains(selected) else { return }
    selectedLayerIndex = nil
    changed.insert(.selection)
  }
}
