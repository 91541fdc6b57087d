// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCamera
import MemeCore
import MemeEditing
import MemeStore
import MemeTextReading

/// The running application: one primary instance, one editor window, `app.` actions.
package final class MemeMeApplication: SentMemesStartupHost {
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
  /// Opening the store, and what the user is told about it.
  private lazy var sentMemesStartup = SentMemesStartup(host: self)
  /// The one thread that reads the words in received memes' pictures, started with the first one.
  private lazy var textReader = BackgroundTextReader()
  /// The app's icon on its windows, given after the first frame.
  private let windowIcons = WindowIcons()
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
      windowIcons.giveAfterFirstFrame(of: editor.window)
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
    FirstFrame.afterPaint(of: editor.window) {
      MainLoop.post {
        MainLoop.runInBackground({ CameraMonitor.loadGStreamer() }) { [weak editor] _ in
          editor?.camera.attach(CameraMonitor())
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
    sentMemes = SentMemesNavigator(
      application: application, memes: memes, preferences: preferences, textReader: textReader
    ) { [unowned self] in presentEditor() }
  }

  /// At launch: Sent Memes when memes exist, otherwise the editor; then any store problem.
  func presentFirstWindow() {
    if let sentMemes {
      sentMemes.presentAtLaunch()
    } else {
      presentEditor()
    }
    finishShowingFirstWindow()
  }

  /// After the first window is shown (at launch, or when the desktop's search opens one): the store
  /// notice, the store's check and the windows' icon, each once.
  func finishShowingFirstWindow() {
    guard let window = application.windows.first else { return }
    sentMemesStartup.showNoticeOnce(over: window)
    sentMemesStartup.repairAfterFirstFrame(of: gtkkit_widget(window))
    windowIcons.giveAfterFirstFrame(of: gtkkit_widget(window))
  }

  private func startUp() {
    g_set_application_name("MemeMe")
    // The windows get the app's icon once the first has painted (`WindowIcons`).
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
    SentMemesOutsideChanges.install(in: application) { [weak self] in self?.sentMemes }
    // Started by the desktop's search (D-Bus activation): no window, and a while to answer the
    // next keystrokes' calls before quitting.
    if application.isService { application.inactivityTimeout = SearchProviderService.inactivityTimeout }
    EditorAction.installAccelerators(in: application)
    CropAction.installAccelerators(in: application)
    LayerAction.installAccelerators(in: application)
    ShareTarget.installAccelerators(in: application)
    SentMemesAction.installAccelerators(in: application)
    DetailAction.installAccelerators(in: application)
    TemplateAction.installAccelerators(in: application)
    if let openStore { sentMemesStartup.open(with: openStore) }
    // What was handed to other programs, pasted or taken a week ago is no longer in use.
    MainLoop.runInBackground({ CacheFolder.removeOld() }, then: { _ in })
  }

  /// The window the user works in (dialogs open over it).
  var activeWindow: UnsafeMutablePointer<GtkWindow>? {
    gtk_application_get_active_window(application.pointer) ?? application.windows.first
  }
}
