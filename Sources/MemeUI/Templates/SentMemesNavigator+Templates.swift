// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing
import MemeStore

/// Templates across the windows: "Use as Template" in Sent Memes (the meme the action targets),
/// Meme Detail (its meme) and the editor (its picture as cut, turned and mirrored); "New from
/// Template" and "Import Folder as Templates" in Sent Memes and the editor, both through the gallery.
/// A kept template is confirmed by a toast offering Rename and Undo.
extension SentMemesNavigator {
  func addTemplateActions(to window: SentMemesWindow) {
    window.actions.add(TemplateAction.useAsTemplate.name) { [weak self, weak window] in
      guard let self, let window, let meme = window.targetMeme else { return }
      keepTemplate(of: meme, in: window.window, toasts: window.toasts)
    }
    addGalleryActions(to: window.actions) { [weak window] in window?.window }
  }

  func addTemplateActions(to detail: DetailWindow) {
    detail.actions.add(TemplateAction.useAsTemplate.name) { [weak self, weak detail] in
      guard let self, let detail else { return }
      keepTemplate(of: detail.meme, in: detail.window, toasts: detail.toasts)
    }
  }

  func addTemplateActions(to editor: EditorWindow) {
    editor.actions.add(TemplateAction.useAsTemplate.name) { [weak self, weak editor] in
      guard let self, let editor else { return }
      keepTemplateOfPicture(in: editor)
    }
    addGalleryActions(to: editor.actions) { [weak editor] in editor?.window }
    editor.updateActionStates()
  }

  private func addGalleryActions(
    to actions: ActionMap, parent: @escaping () -> UnsafeMutablePointer<GtkWidget>?
  ) {
    actions.add(TemplateAction.newFromTemplate.name) { [weak self] in
      self?.showTemplateGallery(over: parent())
    }
    actions.add(TemplateAction.importTemplates.name) { [weak self] in
      self?.showTemplateGallery(over: parent()).importFolder()
    }
  }

  // MARK: - The gallery

  /// Shows "New from Template" over `parent` (the one already open, if any), with the templates
  /// read again.
  @discardableResult
  package func showTemplateGallery(over parent: UnsafeMutablePointer<GtkWidget>?) -> TemplateGallery {
    if let templateGallery, !templateGallery.isDestroyed {
      templateGallery.present()
      return templateGallery
    }
    let gallery = TemplateGallery(
      application: application, library: templates, preferences: preferences, over: parent)
    gallery.onChoose = { [weak self, weak gallery] template in
      gallery?.toplevel.close()
      self?.startMeme(from: template)
    }
    Signal.connect(gallery.window, "destroy") { [weak self, weak gallery] in
      guard let self, templateGallery === gallery else { return }
      templateGallery = nil
    }
    templateGallery = gallery
    templates.reload()
    gallery.present()
    return gallery
  }

  /// Opens the editor on the template's picture with empty captions, its layout and style, once the
  /// user agreed to lose an edited meme the editor holds.
  func startMeme(from template: MemeTemplate) {
    // A panel meme being made takes a template's picture into its selected cell, as it takes any.
    if let editor = visibleEditor, template.panels == nil, editor.panels.take(.file(template.pictureURL)) {
      return
    }
    let start = { [weak self] in
      guard let self else { return }
      showEditor(template.meme)
    }
    if let editor = visibleEditor,
      editor.leaving.askIfWorkWouldBeLost(leaveLabel: localized("_Discard"), before: start)
    {
      return
    }
    start()
  }

  /// The editor, when it is the window the user sees.
  private var visibleEditor: EditorWindow? {
    guard let editor = adoptedEditor, editor.window.isVisible else { return nil }
    return editor
  }

  // MARK: - Keeping templates

  /// A sent meme's picture as it was cut, turned and mirrored, its layout, style and stickers.
  func keepTemplate(of meme: SentMeme, in window: UnsafeMutablePointer<GtkWidget>, toasts: ToastOverlay) {
    let name = TemplateName.suggested(
      forPictureAt: nil, captions: [meme.top, meme.bottom] + meme.textBoxes.map(\.text))
    let (url, content) = (meme.originalImageURL, meme.content)
    let makeDraft: @Sendable () throws -> MemeTemplateDraft = {
      try TemplateMaker.draft(name: name, pictureAt: url, content: content, source: "Sent Memes")
    }
    templates.add(makeDraft) { [weak self] template in
      guard let self, let template else { return }
      KeptTemplateToast.show(template, in: window, toasts: toasts, library: templates)
    }
  }

  /// The editor's picture as it is cut, turned and mirrored now, its layout, caption style and
  /// stickers.
  func keepTemplateOfPicture(in editor: EditorWindow) {
    guard let image = editor.document.image else { return }
    let document = editor.document
    let captions = document.captions
    let name = TemplateName.suggested(
      forPictureAt: image.url, captions: [captions.top, captions.bottom] + captions.textBoxes.map(\.text))
    let (content, source) = (document.content, image.url.lastPathComponent)
    let makeDraft: @Sendable () throws -> MemeTemplateDraft = {
      try TemplateMaker.draft(
        name: name, picture: image.full, from: image.url, content: content, source: source)
    }
    templates.add(makeDraft) { [weak self, weak editor] template in
      guard let self, let editor, let template else { return }
      KeptTemplateToast.show(template, in: editor.window, toasts: editor.toasts, library: templates)
    }
  }
}
