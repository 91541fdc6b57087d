// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCamera
import MemeCore
import MemeEditing
import MemeStore

/// The running application: one primary instance, one editor window, `app.` actions.
package final class MemeMeApplication {
  package let application: Application
  /// Window size, caption style and last folder, shared by every window.
  let preferences: Preferences
  private(set) var sink: SentMemeSink
  private(set) var editor: EditorWindow?
  /// Opens the sent-memes store at start-up (in the primary instance only: opening purges memes
  /// whose undo chance has passed, which must not happen under a running instance's feet).
  package var openStore: (() -> Result<SentMemesLibrary, StoreError>)?
  /// Sent Memes and Meme Detail, once the store is open; nil when the app works as an editor only.
  package private(set) var sentMemes: SentMemesNavigator?
  /// What the user should know about the store at launch (why it could not be opened), shown once
  /// over the first window. What the repair after the first frame did is told when it finishes.
  private(set) var storeNotice: StoreNotice?
  /// Asked over the first window when the store's pictures folder is a link (instead of `storeNotice`).
  private(set) var linkedImagesQuestion: LinkedImagesQuestion?
  /// Asked over the first window when the store's database is damaged (instead of `storeNotice`).
  private(set) var damagedStoreQuestion: DamagedStoreQuestion?
  /// Whether the offer to rebuild a damaged store has been made this run (it is made once).
  private(set) var hasOfferedRebuild = false
  /// Whether the store's repair has been started (it runs once per launch, after the first frame).
  private(set) var hasStartedRepair = false
  /// Whether the app's icon is on its way to the windows (`giveWindowsTheAppIconAfterFirstFrame`).
  private(set) var hasScheduledAppIcon = false
  /// `--print-texts` and `--quit-after-first-frame`, given at launch.
  var launchOptions = LaunchOptions()
  /// GNOME Shell's search provider, on the session bus (`exportSearchProvider`).
  var searchProvider: ExportedDBusObject?
  /// Called on the search provider's worker with the terms a search reads, just before the query:
  /// for tests, which hold a query there to see the window keep drawing meanwhile.
  package var searchProviderWillQuery: (@Sendable ([String]) -> Void)?

  package init(id: String = AppIdentity.applicationID, sink: SentMemeSink, preferences: Preferences) {
    self.sink = sink
    self.preferences = preferences
    application = Application(id: id, programName: "mememe")
    application.onStartup { [weak self] in self?.startUp() }
    // A second launch activates this instance again: present the existing window.
    application.onActivate { [weak self] in self?.presentFirstWindow() }
    application.onOpen { [weak self] urls in
      guard let self, let url = urls.first else { return }
      // Through Sent Memes when it is there, so that it steps aside for the editor.
      let editor = sentMemes?.showEditor() ?? presentEditor()
      editor.load(url, focusingTopCaption: true)
      giveWindowsTheAppIconAfterFirstFrame(of: editor.window)
    }
  }

  /// Exports the search provider, then runs the application (which takes its name on the bus).
  func run(arguments: [String]) -> Int32 {
    exportSearchProvider()
    return application.run(arguments: arguments)
  }

  @discardableResult
  func presentEditor() -> EditorWindow {
    if let editor {
      editor.present()
      return editor
    }
    let editor = EditorWindow(application: application, sink: sink, preferences: preferences)
    // Looking for cameras loads GStreamer, which reads its plugin registry: once the editor has
    // painted its first frame and the main loop has finished with it (a launch that quits after its
    // first frame has quit by then), so that it costs the user nothing on the way to it, and on a
    // background thread, so the frames after it are not held up either. The monitor itself starts
    // on the main loop, which watches its bus.
    afterFirstFrame(of: editor) {
      MainLoop.post {
        MainLoop.runInBackground({ CameraMonitor.loadGStreamer() }) { [weak editor] _ in
          editor?.attachCamera(CameraMonitor())
        }
      }
    }
    Signal.connect(editor.window, "destroy") { [weak self] in self?.editor = nil }
    self.editor = editor
    sentMemes?.adopt(editor)
    if launchOptions.quitsAfterFirstFrame { quitAfterFirstFrame(of: editor) }
    if launchOptions.printsTexts { printTextsAndQuit(of: editor) }
    editor.present()
    return editor
  }

  /// Keeps shared memes in `memes` and lets the user browse them.
  func useSentMemes(_ memes: SentMemesLibrary) {
    sink = memes
    sentMemes = SentMemesNavigator(application: application, memes: memes, preferences: preferences) {
      [unowned self] in presentEditor()
    }
  }

  func reportStoreNotice(_ notice: StoreNotice) { storeNotice = notice }
  func clearStoreNotice() {
    storeNotice = nil
    linkedImagesQuestion = nil
    damagedStoreQuestion = nil
  }
  func reportLinkedImages(_ question: LinkedImagesQuestion) { linkedImagesQuestion = question }
  func reportDamagedStore(_ question: DamagedStoreQuestion) { damagedStoreQuestion = question }
  func markRebuildOffered() { hasOfferedRebuild = true }
  func markRepairStarted() { hasStartedRepair = true }
  func markAppIconScheduled() { hasScheduledAppIcon = true }

  private func startUp() {
    g_set_application_name("MemeMe")
    // The windows get the app's icon once the first has painted
    // (`giveWindowsTheAppIconAfterFirstFrame`).
    StyleSheet.install(EditorStyleSheet.css)
    ApplicationAction.add(to: application.actions) { [weak self] action in
      guard let self else { return }
      switch action {
      case .quit:
        // An export or a Sent Memes save still running, or an edited meme not yet shared, would be
        // lost: ask first.
        let quit = { [weak self] in self?.application.quit() ?? () }
        let asked =
          editor?.leaving.askIfWorkWouldBeLost(leaveLabel: localized("_Quit Anyway"), before: quit) ?? false
        if !asked { quit() }
      case .about: AboutMemeMe.present(parent: activeWindow)
      case .shortcuts: gtk_window_present(ShortcutsWindow.make(parent: activeWindow))
      }
    }
    ApplicationAction.installAccelerators(in: application)
    StyleChoice.install(in: application, preferences: preferences)
    SizeLimitChoice.install(in: application, preferences: preferences) { [weak self] in self?.activeWindow }
    SearchProviderChoice.install(in: application, preferences: preferences)
    // Started by the desktop's search (D-Bus activation): no window, and a while to answer the
    // next keystrokes' calls before quitting.
    if application.isService { application.inactivityTimeout = SearchProviderService.inactivityTimeout }
    EditorAction.installAccelerators(in: application)
    CropAction.installAccelerators(in: application)
    LayerAction.installAccelerators(in: application)
    ShareTarget.installAccelerators(in: application)
    startSentMemes()
    // What was handed to other programs, pasted or taken a week ago is no longer in use.
    MainLoop.runInBackground({ CacheFolder.removeOld() }, then: { _ in })
  }

  /// Runs `work` once, after the editor's first frame has been painted (the editor is mapped
  /// again whenever it comes back from behind Sent Memes; only the first time counts).
  func afterFirstFrame(of editor: EditorWindow, perform work: @escaping () -> Void) {
    afterFirstFrame(of: editor.window, perform: work)
  }

  /// Runs `work` once, after `window`'s first frame has been painted (the next frame when it is
  /// mapped already).
  func afterFirstFrame(of window: UnsafeMutablePointer<GtkWidget>, perform work: @escaping () -> Void) {
    func afterNextPaint() {
      guard let clock = window.frameClock else { return }
      Signal.connectOnce(clock.raw, "after-paint", work)
      // A frame is asked for: a window that has painted and sits still would otherwise wait.
      gtk_widget_queue_draw(window)
    }
    if gtk_widget_get_mapped(window) != 0 {
      afterNextPaint()
      return
    }
    Signal.connectOnce(window, "map", afterNextPaint)
  }

  /// The window the user works in (dialogs open over it).
  var activeWindow: UnsafeMutablePointer<GtkWindow>? {
    gtk_application_get_active_window(application.pointer) ?? application.windows.first
  }
}
