#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A screen reader's walk through MemeMe over the real AT-SPI bus.

Usage (on a private display and session bus, as build-aux/run-tests.sh runs it):
    build-aux/with-display.sh x11|wayland Tests/ScreenReaderWalk/screen-reader-walk.py .build/debug/mememe
    MEMEME_WALK_LANGUAGE=de build-aux/with-display.sh x11 Tests/ScreenReaderWalk/screen-reader-walk.py ...

With MEMEME_WALK_LANGUAGE=de the app runs with LANGUAGE=de and its catalogue compiled from po/de.po,
and the walk expects every name in German, taken from the same catalogue ("Obere Beschriftung",
"Textrahmen 1"), the placeholders OBEN and UNTEN and times written "Heute 21:55". The portal's own
dialogs stay in the language the session bus started them in.

It starts the app with GDK_DEBUG=portals, so that choosing and saving files go through
xdg-desktop-portal and xdg-desktop-portal-gtk on the test's session bus, as in a sandbox, and walks
what Orca would walk: launch, the caption fields, Album (the portal's file chooser), both captions
typed, a third added with Add Text and typed, then (where keys can be sent) that box widened with
Alt+Shift+Right and turned to 45° with Ctrl+Shift+Right, its angle read from the badge shown as it
turns, and the picture cropped by keyboard alone (Ctrl+Shift+X, Alt+Shift and the arrows, Enter:
the saved file must come out smaller), Share, Save As (the portal again), Sent Memes, its
List and Grid tabs, a meme's Detail, back, Delete and Undo. What each caption field holds is read
back through AT-SPI's Text interface (the placeholders at launch, then what was typed), and typing
must be announced as text-changed events carrying the typed text; every Grid cell must be named by
its meme's captions. It drives the app only through AT-SPI: actions ("click"), keyboard events
and, where no keyboard can be synthesised, the text interface a screen reader's braille or typing
echo uses. At every step it audits everything the app exposes and fails on an interactive element
without a name, a name with a mnemonic underscore ("Choose from _Album…"), a name doubled by the
app ("Cancel Cancel") or a widget exposed while hidden (a toast gone, the "No Sent Memes" page). The
toasts (libadwaita's) are read as a screen reader finds them: Save As's "Saved “walked-meme.png”"
with Show in Folder in Sent Memes, and Delete's "Meme deleted" with Undo, each with its close
button named.

Keyboard: at-spi2-core synthesises key events through XTest, which exists only on X11. On Wayland
no client may inject input, so there the captions and the file name are typed through AT-SPI's
EditableText interface instead; everything else is the same walk.

A D-Bus monitor on the session bus records the method calls the app makes, so that the walk can
prove that Album and Save As went through org.freedesktop.portal.FileChooser.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import struct
import tempfile
import time
import zlib

import pyatspi
from gi.repository import GLib

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SERVER = os.environ.get("MEMEME_DISPLAY_SERVER", "x11")
CAN_TYPE = SERVER == "x11"
LANGUAGE = os.environ.get("MEMEME_WALK_LANGUAGE", "en")
TOP, BOTTOM, BOX = "Screen readers", "read every meme", "and every box"
PICTURE_SIZE = (800, 600)


def unquote(quoted):
    return quoted[1:-1].replace('\\"', '"').replace("\\n", "\n")


def read_catalogue(path):
    """The msgid → msgstr pairs of a .po file (a plural entry by its singular and first form)."""
    entries, fields, current = {}, {}, None

    def finish():
        if fields.get("msgid"):
            entries[fields["msgid"]] = fields.get("msgstr") or fields.get("msgstr[0]") or fields["msgid"]

    with open(path, encoding="utf-8") as catalogue:
        for line in catalogue:
            line = line.strip()
            if not line:
                finish()
                fields, current = {}, None
            elif line.startswith('"') and current:
                fields[current] += unquote(line)
            elif not line.startswith("#"):
                current, _, value = line.partition(" ")
                fields[current] = unquote(value)
    finish()
    return entries


CATALOGUE = read_catalogue(os.path.join(REPO, "po", f"{LANGUAGE}.po")) if LANGUAGE != "en" else {}


def tr(msgid, value=None):
    """What the app shows for `msgid` in the walk's language, its mnemonic underscore taken out and
    its %@ or %ld filled with `value`."""
    text = CATALOGUE.get(msgid, msgid).replace("_", "")
    if value is not None:
        text = text.replace("%@", str(value)).replace("%ld", str(value))
    return text

INTERACTIVE = {
    pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_RADIO_BUTTON,
    pyatspi.ROLE_PAGE_TAB, pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_SPIN_BUTTON,
    pyatspi.ROLE_SLIDER, pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM,
    pyatspi.ROLE_RADIO_MENU_ITEM, pyatspi.ROLE_LINK, pyatspi.ROLE_TABLE_CELL, pyatspi.ROLE_TOGGLE_BUTTON,
}
# An underscore starting a word: a mnemonic marker ("_Album"), not one inside a file name.
MNEMONIC = re.compile(r"(^|[\s(“\"'])_\w")
# The same words twice: a label property and a labelled-by relation both announced.
DOUBLED = re.compile(r"^(.+?)\s+\1$")
# A GTK or libadwaita class name (GtkButton, AdwActionRow): what GTK 4.8 announces for a widget
# nobody named, as it did for the colour and font buttons.
TYPE_NAME = re.compile(r"^(Gtk|Gdk|Adw)[A-Z][A-Za-z]*$")
# What a screen reader announces by name: the controls, and the menus and windows it enters. GTK 4.8
# names every unnamed element after its type, also the layout's fillers and panels, the icons
# inside named buttons and the non-focusable scroll bars, which Orca passes over in silence.
ANNOUNCED = INTERACTIVE | {
    pyatspi.ROLE_MENU, pyatspi.ROLE_POPUP_MENU, pyatspi.ROLE_DIALOG, pyatspi.ROLE_ALERT, pyatspi.ROLE_FRAME,
    pyatspi.ROLE_WINDOW,
}


class WalkFailure(Exception):
    pass


def wait_for(what, predicate, timeout=20.0):
    """Polls `predicate` (which may raise while the tree changes) until it returns a truthy value."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = predicate()
        except Exception:  # objects vanish while windows change: try again
            value = None
        if value:
            return value
        # AT-SPI events (text changes) reach their listeners only through the main context.
        context = GLib.MainContext.default()
        while context.pending():
            context.iteration(False)
        time.sleep(0.1)
    raise WalkFailure(f"timed out waiting for {what}")


def wait_for_value(predicate, timeout=10.0):
    """Like `wait_for`, but returns False instead of failing the walk."""
    try:
        return wait_for("a value", predicate, timeout)
    except WalkFailure:
        return False


def children(accessible):
    for index in range(accessible.childCount):
        child = accessible.getChildAtIndex(index)
        if child is not None:
            yield child


def descendants(accessible):
    for child in children(accessible):
        yield child
        yield from descendants(child)


def states(accessible):
    return accessible.getState()


def write_picture(path, width, height):
    """A PNG of a blue-to-orange gradient, written with zlib: no image tool needed."""
    rows = b"".join(
        b"\x00" + bytes((48 + (192 * y) // height, 96 + (64 * y) // height, 192 - (96 * y) // height)) * width
        for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
                   + chunk(b"IEND", b""))


def png_size(path):
    """The width and height in a PNG file's header."""
    with open(path, "rb") as png:
        header = png.read(24)
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def find(root, role=None, name=None, predicate=None):
    for candidate in descendants(root):
        if role is not None and candidate.getRole() != role:
            continue
        if name is not None and candidate.name != name:
            continue
        if predicate is not None and not predicate(candidate):
            continue
        return candidate
    return None


def describe(accessible):
    return f"{accessible.getRoleName()} “{accessible.name}”"


def path_of(accessible):
    parts = []
    node = accessible
    while node is not None and node.getRole() != pyatspi.ROLE_APPLICATION and len(parts) < 5:
        parts.append(describe(node))
        node = node.parent
    return " < ".join(parts)


class Walk:
    def __init__(self, binary):
        self.binary = binary
        self.problems = []
        self.work = tempfile.mkdtemp(prefix="mememe-walk-")
        self.picture = os.path.join(self.work, "pictures", "sunset.png")
        self.saved = os.path.join(self.work, "saved", "walked-meme.png")
        self.steps = []

    # Set-up -----------------------------------------------------------------------------------

    def prepare(self):
        os.makedirs(os.path.dirname(self.picture))
        os.makedirs(os.path.dirname(self.saved))
        write_picture(self.picture, *PICTURE_SIZE)
        schemas = os.path.join(self.work, "schemas")
        os.makedirs(schemas)
        subprocess.run(
            ["glib-compile-schemas", "--strict", "--targetdir", schemas, os.path.join(REPO, "data")], check=True)
        # The portals are started by the bus, with the bus's activation environment: they must
        # pick the GTK implementation (UseIn=gnome) and open files in the walk's own home.
        subprocess.run(
            ["dbus-update-activation-environment", "XDG_CURRENT_DESKTOP=GNOME", f"HOME={self.work}"], check=True)
        self.monitor_log = open(os.path.join(self.work, "dbus-monitor.log"), "w")
        self.monitor = subprocess.Popen(
            ["dbus-monitor", "--session", "type='method_call',interface='org.freedesktop.portal.FileChooser'",
             "type='method_call',interface='org.freedesktop.portal.OpenURI'",
             "type='method_call',interface='org.freedesktop.portal.Email'"],
            stdout=self.monitor_log, stderr=subprocess.DEVNULL)
        env = dict(os.environ)
        env.update({
            "GDK_DEBUG": "portals",
            "XDG_CURRENT_DESKTOP": "GNOME",
            "XDG_DATA_HOME": os.path.join(self.work, "data"),
            "XDG_CONFIG_HOME": os.path.join(self.work, "config"),
            "XDG_CACHE_HOME": os.path.join(self.work, "cache"),
            "GSETTINGS_SCHEMA_DIR": schemas,
            "GSETTINGS_BACKEND": "memory",
            "MEMEME_DATA_DIR": os.path.join(REPO, "data"),
            "LANGUAGE": LANGUAGE, "LC_ALL": "C.UTF-8",
        })
        if LANGUAGE != "en":
            # The catalogue compiled from the tree, as build-aux/stage-data.sh stages it for the app.
            messages = os.path.join(self.work, "locale", LANGUAGE, "LC_MESSAGES")
            os.makedirs(messages)
            subprocess.run(["msgfmt", "-o", os.path.join(messages, "mememe.mo"),
                            os.path.join(REPO, "po", f"{LANGUAGE}.po")], check=True)
            env["MEMEME_LOCALE_DIR"] = os.path.join(self.work, "locale")
        env.pop("NO_AT_BRIDGE", None)
        # What the app writes to its standard error (a crash's backtrace among it) is kept apart, to
        # be printed after the walk's verdict when the app went away under it: a log's tail then
        # shows why.
        self.app_errors = tempfile.TemporaryFile(mode="w+")
        self.app_process = subprocess.Popen([self.binary], env=env, stderr=self.app_errors)

    def launch(self):
        """Waits for the app on the AT-SPI bus."""
        app = wait_for("MemeMe on the AT-SPI bus", lambda: self.application("mememe") or (
            self.app_process.poll() is not None and "exited"))
        if app == "exited":
            raise WalkFailure(f"the app exited at start with status {self.app_process.returncode}")
        return app

    def app_exit(self):
        """How the app ended when it is no longer running, else None."""
        process = getattr(self, "app_process", None)
        if process is None or process.poll() is None:
            return None
        status = process.returncode
        if status < 0:
            return f"the app was killed by {signal.Signals(-status).name}"
        return f"the app exited with status {status}"

    def app_error_output(self):
        """The app's standard error, from the start of the walk."""
        errors = getattr(self, "app_errors", None)
        if errors is None:
            return ""
        errors.flush()
        errors.seek(0)
        return errors.read()

    def finish(self):
        if getattr(self, "app_process", None) and self.app_process.poll() is None:
            self.app_process.terminate()
            self.app_process.wait(10)
        if getattr(self, "monitor", None):
            self.monitor.terminate()
            self.monitor.wait(10)
            self.monitor_log.close()
        # The document portal, started by the bus with the walk's folder as its home, keeps its FUSE
        # file system mounted there until the session ends: unmounted first, the folder can go.
        documents = os.path.join(self.work, ".cache", "doc")
        if os.path.ismount(documents) and shutil.which("fusermount3"):
            subprocess.run(["fusermount3", "-u", "-z", documents], check=False)
        shutil.rmtree(self.work, ignore_errors=True)

    # AT-SPI -----------------------------------------------------------------------------------

    def application(self, name):
        desktop = pyatspi.Registry.getDesktop(0)
        return next((app for app in children(desktop) if app.name == name), None)

    def window(self, title):
        return wait_for(
            f"the window “{title}”",
            lambda: next((w for w in children(self.app) if w.name == title), None))

    def click(self, accessible):
        action = accessible.queryAction()
        for index in range(action.nActions):
            if action.getName(index) in ("click", "activate", "press"):
                action.doAction(index)
                return
        raise WalkFailure(f"{path_of(accessible)} has no click action")

    def button(self, root, name):
        return wait_for(
            f"a button “{name}”",
            lambda: find(root, predicate=lambda a: a.name == name and a.getRole() in (
                pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON) and self.has_click(a)))

    @staticmethod
    def has_click(accessible):
        try:
            action = accessible.queryAction()
        except NotImplementedError:
            return False
        return any(action.getName(i) in ("click", "activate", "press") for i in range(action.nActions))

    @staticmethod
    def text_of(field):
        """What a field holds, as a screen reader reads it over AT-SPI's Text interface. (GTK 4.8
        answers GetText(0, -1) with nothing for any entry: it clamps the end offset -1 to 0. Orca
        reads an entry's line with GetTextAtOffset, which is right; the count gives the same.)"""
        text = field.queryText()
        return text.getText(0, text.characterCount)

    def listen_for_typing(self):
        """Starts recording the text-changed events the app sends (what Orca speaks as you type)."""
        self.text_events = []

        def heard(event):
            self.text_events.append((event.source.name, event.type, event.any_data))

        pyatspi.Registry.registerEventListener(heard, "object:text-changed:insert")
        self.stop_listening = lambda: pyatspi.Registry.deregisterEventListener(
            heard, "object:text-changed:insert")

    def heard_typed(self, field_name, text):
        """Whether insertions into `field_name` announced all of `text`."""
        inserted = "".join(str(data) for name, kind, data in self.text_events if name == field_name)
        return text in inserted

    def check_caption_text(self, field, expected, where):
        if wait_for_value(lambda: self.text_of(field) == expected) is not True:
            self.problems.append(
                f"{where}: {describe(field)} reads “{self.text_of(field)}” over AT-SPI, not “{expected}”")
        else:
            self.steps.append(f"{where}: {describe(field)} reads “{expected}” over AT-SPI's Text interface")

    def type_text(self, accessible, text):
        """Types into a focused text field: key events on X11, EditableText on Wayland."""
        if CAN_TYPE:
            pyatspi.Registry.generateKeyboardEvent(0, text, pyatspi.KEY_STRING)
        else:
            editable = accessible.queryEditableText()
            editable.setTextContents(text)

    KEYSYMS = {"Tab": 0xFF09, "Return": 0xFF0D, "Escape": 0xFF1B, "Delete": 0xFFFF, "a": 0x61,
               "z": 0x7A, "l": 0x6C, "x": 0x78, "Left": 0xFF51, "Up": 0xFF52, "Right": 0xFF53,
               "Down": 0xFF54, "Menu": 0xFF67}
    # X modifier masks, as AT-SPI's KEY_LOCKMODIFIERS takes them.
    SHIFT, CONTROL, ALT = 1, 4, 8

    def press(self, keysym_name, control=False):
        self.press_with(keysym_name, self.CONTROL if control else 0)

    def press_with(self, keysym_name, modifiers=0):
        """Presses a key with `modifiers` (a mask of SHIFT, CONTROL, ALT) held."""
        self.hold(modifiers)
        pyatspi.Registry.generateKeyboardEvent(self.KEYSYMS[keysym_name], None, pyatspi.KEY_SYM)
        self.release(modifiers)

    def hold(self, modifiers):
        if modifiers:
            pyatspi.Registry.generateKeyboardEvent(modifiers, None, pyatspi.KEY_LOCKMODIFIERS)

    def release(self, modifiers):
        if modifiers:
            pyatspi.Registry.generateKeyboardEvent(modifiers, None, pyatspi.KEY_UNLOCKMODIFIERS)
        time.sleep(0.15)

    # The audit --------------------------------------------------------------------------------

    def audit(self, root, where, hidden_names=()):
        """Fails the walk on unnamed interactive elements, mnemonic underscores, doubled names
        and hidden widgets that are exposed, among everything under `root`. `hidden_names` are
        what the screen shows nowhere at this step: names, or (role, name) pairs."""
        problems = []
        for accessible in [root, *descendants(root)]:
            role = accessible.getRole()
            name = accessible.name or ""
            state = states(accessible)
            if not state.contains(pyatspi.STATE_VISIBLE):
                problems.append(f"exposed while hidden: {path_of(accessible)}")
            if role in INTERACTIVE and not name.strip():
                problems.append(f"no name: {path_of(accessible)}")
            if MNEMONIC.search(name):
                problems.append(f"mnemonic underscore: {path_of(accessible)}")
            if DOUBLED.match(name):
                problems.append(f"doubled name: {path_of(accessible)}")
            if role in ANNOUNCED and TYPE_NAME.match(name.strip()):
                problems.append(f"named after its GTK type: {path_of(accessible)}")
            if name in hidden_names or (role, name) in hidden_names:
                problems.append(f"exposed although not shown: {path_of(accessible)}")
        for problem in problems:
            self.problems.append(f"{where}: {problem}")
        self.steps.append(f"{where}: {sum(1 for _ in descendants(root)) + 1} elements audited")
        return problems

    def audit_style_panel(self, editor):
        """Style & Layout: its colour and font buttons, layouts and switch are named for what they
        set, not after their GTK types."""
        toggle = self.button(editor, tr("Style & Layout"))
        self.click(toggle)
        for name in (tr("Font"), tr("Text colour"), tr("Outline colour"), tr("Classic"), tr("Band"),
                     tr("Poster")):
            wait_for(f"the style control “{name}”", lambda: find(editor, name=name, predicate=lambda a: a.getRole() in (
                pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON)))
        self.audit(editor, "Style & Layout")
        self.click(toggle)

    # The walk ---------------------------------------------------------------------------------

    def run(self):
        self.prepare()
        self.app = self.launch()
        # The editor is titled after its meme: a fresh one is a new meme.
        editor = self.window(tr("New Meme"))
        if CAN_TYPE:
            # Xvfb runs no window manager to give the keyboard back to the app when a dialog
            # closes: X then sends keys to the window under the pointer. Windows open at the top
            # left without one, so the pointer rests there, over the app, as a person's would.
            pyatspi.Registry.generateMouseEvent(120, 300, "abs")
        album_page = self.button(editor, tr("Choose from _Album…"))
        self.audit(editor, "launch")

        # The caption fields are there and reachable before a picture is loaded, and hold their
        # placeholders, read back as the screen shows them.
        top = wait_for("the top caption field", lambda: find(editor, pyatspi.ROLE_TEXT, tr("Top caption")))
        bottom = wait_for("the bottom caption field", lambda: find(
            editor, pyatspi.ROLE_TEXT, tr("Bottom caption")))
        for field in (top, bottom):
            if not states(field).contains(pyatspi.STATE_FOCUSABLE):
                self.problems.append(f"launch: {describe(field)} cannot take focus")
        self.check_caption_text(top, tr("TOP"), "launch")
        self.check_caption_text(bottom, tr("BOTTOM"), "launch")
        if CAN_TYPE:
            self.tab_to(top, "launch")

        # Album: the portal's file chooser, and the chosen picture loads.
        self.click(album_page)
        self.choose_in_portal(tr("Choose a Picture"), self.picture, save=False)
        wait_for("the picture to load", lambda: states(
            self.button(editor, tr("Share"))).contains(pyatspi.STATE_SENSITIVE), timeout=30)
        self.audit(editor, "editor with a picture")
        self.audit_style_panel(editor)

        # Both captions typed, each letter announced as it goes in, and read back.
        top = find(editor, pyatspi.ROLE_TEXT, tr("Top caption"))
        bottom = find(editor, pyatspi.ROLE_TEXT, tr("Bottom caption"))
        if CAN_TYPE:
            # Typing goes on where it would: the picture chosen, the caret is in the top caption.
            # Xvfb has no window manager to give the keyboard back to the window when the portal's
            # dialog (another program's) closes: until it comes back, nothing in the app reports the
            # focus, and only a focus shown elsewhere fails.
            self.check_focus(top, "opened from the chooser", unless_inactive=True)
        self.listen_for_typing()
        if CAN_TYPE:
            self.tab_to(top, "editor")
            self.type_text(top, TOP)
            self.press("Tab")
            wait_for("focus in the bottom caption", lambda: states(bottom).contains(pyatspi.STATE_FOCUSED))
            self.type_text(bottom, BOTTOM)
        else:
            self.type_text(top, TOP)
            self.type_text(bottom, BOTTOM)
        self.check_caption_text(top, TOP, "typed")
        self.check_caption_text(bottom, BOTTOM, "typed")
        for field, typed in ((top, TOP), (bottom, BOTTOM)):
            if not wait_for_value(lambda: self.heard_typed(field.name, typed)):
                self.problems.append(f"typing: no text-changed events announced “{typed}” in {describe(field)}")
            else:
                self.steps.append(f"typing: {describe(field)} announced “{typed}” as it was typed")

        # Add Text: a third caption, a named, editable text element with the caret in it.
        self.click(self.button(editor, tr("Add Text")))
        box_name = tr("Text box %ld", 1)
        box = wait_for(f"the field “{box_name}”", lambda: find(editor, pyatspi.ROLE_TEXT, box_name))
        for state in (pyatspi.STATE_EDITABLE, pyatspi.STATE_FOCUSABLE):
            if not states(box).contains(state):
                self.problems.append(f"Add Text: {describe(box)} is not {pyatspi.stateToString(state)}")
        wait_for(f"focus in {box_name}", lambda: states(box).contains(pyatspi.STATE_FOCUSED))
        self.check_caption_text(box, tr("TEXT"), "Add Text")
        self.type_text(box, BOX)
        if CAN_TYPE:
            self.press("Escape")
        self.check_caption_text(box, BOX, "typed in the box")
        self.stop_listening()
        self.audit(editor, "editor with a text box")
        if CAN_TYPE:
            self.size_and_turn_box_by_keyboard(editor, box)
            self.crop_by_keyboard(editor)
            self.check_tab_cycles(editor, "editor with a picture and a text box")
            self.hide_area_by_keyboard(editor)

        # Share → Open With: the OpenURI portal asks which app; the walk changes its mind.
        self.share(editor, tr("Open With…"))
        self.answer_portal_or_error("Open With")
        # Share → Send by E-mail: the Email portal (no mail client here: the app says so).
        self.share(editor, tr("Send by E-mail"))
        self.answer_portal_or_error("Send by E-mail")

        # Share → Save As, through the portal.
        self.share(editor, tr("Save As…"), audit=True)
        self.choose_in_portal(tr("Save Meme"), self.saved, save=True)
        wait_for("the saved meme", lambda: os.path.exists(self.saved) and os.path.getsize(self.saved) > 0, 30)
        if CAN_TYPE:
            size = png_size(self.saved)
            if size[0] >= PICTURE_SIZE[0] or size[1] >= PICTURE_SIZE[1]:
                self.problems.append(f"crop by keyboard: the saved meme is {size}, uncropped {PICTURE_SIZE}")
            else:
                self.steps.append(f"crop by keyboard: the saved meme is {size[0]}×{size[1]}")

        # A finished share closes the editor and shows Sent Memes, the new meme on top.
        sent = self.window(tr("Sent Memes"))
        rows = wait_for("the sent meme's row", lambda: [a for a in descendants(sent) if TOP.upper() in (
            a.name or "").upper() or TOP in (a.name or "")])
        self.steps.append(f"Sent Memes lists the meme as {describe(rows[0])}")
        self.check_sent_time(sent)
        hidden = {tr("No Sent Memes"), tr("Meme deleted"), tr("Undo")}
        show_in_folder = self.check_toast(
            sent, "Save As", tr("Saved “%@”", os.path.basename(self.saved)), tr("Show in Folder"))
        self.audit(sent, "Sent Memes with the saved toast", hidden_names=hidden)
        # Show in Folder, as in a sandbox: the OpenURI portal's OpenDirectory (no file manager here).
        self.click(show_in_folder)
        self.answer_portal_or_error("Show in Folder")
        # The button's click dismisses the toast: audited while it fades out, its elements would
        # vanish under the walk.
        wait_for("the saved toast gone", lambda: find(sent, name=tr("Show in Folder")) is None, timeout=10)
        self.audit(sent, "Sent Memes, List", hidden_names=hidden | {tr("Show in Folder")})
        for tab_name in (tr("Grid"), tr("List"), tr("Grid")):
            tab = wait_for(f"the tab “{tab_name}”", lambda: find(sent, pyatspi.ROLE_PAGE_TAB, tab_name))
            self.select_tab(tab)
            wait_for(f"the tab “{tab_name}” selected", lambda: states(tab).contains(pyatspi.STATE_SELECTED))
            other_page = (pyatspi.ROLE_PANEL, tr("List") if tab_name == tr("Grid") else tr("Grid"))
            self.audit(sent, f"Sent Memes, {tab_name}", hidden_names=hidden | {other_page})
        self.check_grid_cells(sent)
        if CAN_TYPE:
            self.check_tab_cycles(sent, "Sent Memes")

        # Detail of the meme, and back.
        # The new meme is selected: open it (Return on it, or the window's Open action).
        if CAN_TYPE:
            self.tab_to_role(sent, (pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_TABLE_CELL), "Sent Memes, Grid")
            self.press("Return")
        else:
            self.window_action(sent, "win.open-meme")
        detail = self.window(tr("Meme Detail"))
        self.audit(detail, "Detail")
        if CAN_TYPE:
            self.check_tab_cycles(detail, "Detail")
        # Kept as a template, for a meme started from it at the end of the walk.
        self.window_action(detail, "win.use-as-template")
        self.click(self.button(detail, tr("Sent Memes")))
        wait_for("Detail to close", lambda: all(w.name != tr("Meme Detail") for w in children(self.app)))

        # Delete, then Undo.
        # Delete, as the Delete key does (the window's action: the key would go wherever the
        # grid's focus went after Detail closed).
        sent = self.window(tr("Sent Memes"))  # shown again: a new accessible
        self.window_action(sent, "win.delete")
        undo = self.check_toast(sent, "Delete", tr("Meme deleted"), tr("Undo"))
        self.audit(sent, "Sent Memes with the undo toast", hidden_names={tr("Top caption")})
        self.click(undo)
        wait_for("the meme back", lambda: find(sent, predicate=lambda a: TOP in (a.name or "")))
        wait_for("the toast gone", lambda: find(sent, name=tr("Undo")) is None, timeout=10)
        self.audit(sent, "Sent Memes after Undo", hidden_names=hidden)
        self.check_portal_calls()
        self.start_from_template(sent)

    def start_from_template(self, sent):
        """New from Template, and the template kept from Detail pressed: the editor opens on its
        picture with the caret in the top caption."""
        self.window_action(sent, "win.new-from-template")
        gallery = self.window(tr("New from Template"))

        def template_button():
            buttons = [a for a in descendants(gallery) if a.getRole() == pyatspi.ROLE_PUSH_BUTTON and a.name]
            names = {a.name for a in buttons}
            return next((a for a in buttons if tr("Rename “%@”", a.name) in names), None)

        tile = wait_for("a template in the gallery", template_button)
        self.steps.append(f"New from Template: the gallery offers {describe(tile)}")
        self.click(tile)
        top = wait_for("the editor's top caption", lambda: next(
            (field for window in children(self.app) if window.name != tr("New from Template")
             for field in [find(window, pyatspi.ROLE_TEXT, tr("Top caption"))] if field), None), timeout=30)
        if CAN_TYPE:
            self.check_focus(top, "opened from a template")

    def size_and_turn_box_by_keyboard(self, editor, box):
        """The selected box made wider with Alt+Shift+Right, then turned with Ctrl+Shift+Right
        while its angle is read out from the badge shown beside it."""
        before = box.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width
        for _ in range(3):
            self.press_with("Right", self.ALT | self.SHIFT)
        after = wait_for_value(lambda: box.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width > before
                               and box.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width)
        if not after:
            self.problems.append(f"box by keyboard: Alt+Shift+Right left {describe(box)} {before} px wide")
        else:
            self.steps.append(f"box by keyboard: Alt+Shift+Right widened it from {before} to {after} px")
        self.hold(self.CONTROL | self.SHIFT)
        for _ in range(3):
            pyatspi.Registry.generateKeyboardEvent(self.KEYSYMS["Right"], None, pyatspi.KEY_SYM)
            time.sleep(0.15)
        badge = wait_for_value(lambda: find(editor, pyatspi.ROLE_LABEL, "45°"))
        self.release(self.CONTROL | self.SHIFT)
        if not badge:
            shown = [a.name for a in descendants(editor) if a.getRole() == pyatspi.ROLE_LABEL and "°" in (a.name or "")]
            self.problems.append(f"box by keyboard: Ctrl+Shift+Right three times does not show 45° ({shown})")
        else:
            self.steps.append("box by keyboard: Ctrl+Shift+Right three times turned it to 45°, read out as it turned")

    def hide_area_by_keyboard(self, editor):
        """Hide Area from the keyboard: an area placed in the middle, named and focused; the canvas's
        menu (the Menu key) offers its methods, strength and colour by name; Blur is chosen from it;
        Delete removes the area, and the toast says so."""
        self.click(self.button(editor, tr("Hide Area")))
        name = tr("Hidden area %ld", 1)
        area = wait_for(f"the hidden area “{name}”", lambda: find(editor, name=name, predicate=lambda a: states(
            a).contains(pyatspi.STATE_FOCUSABLE)))
        self.check_focus(area, "Hide Area from the keyboard")
        self.press("Menu")
        items = {}
        for item in (tr("Pixelate"), tr("Blur"), tr("Solid"), tr("Strength…"), tr("Colour…")):
            found = wait_for_value(lambda: find(editor, name=item, predicate=self.has_click))
            if not found:
                self.problems.append(f"hidden area's menu: no item “{item}” a screen reader can activate")
            items[item] = found
        self.audit(editor, "the canvas's menu at a hidden area")
        if items[tr("Blur")]:
            self.click(items[tr("Blur")])
            self.steps.append(f"hidden area's menu: {', '.join(items)} are there by name; Blur chosen")
        self.check_focus(area, "after the hidden area's menu")
        self.press("Delete")
        wait_for("the hidden area to go", lambda: find(editor, name=name) is None)
        self.check_toast(editor, "Delete at a hidden area", tr("Hidden area deleted"), tr("Undo"))

    def crop_by_keyboard(self, editor):
        """Crop mode from Ctrl+Shift+X, its bottom right corner moved in with Alt+Shift and the
        arrows, applied with Enter; the saved meme is then smaller than the picture."""
        self.press_with("x", self.CONTROL | self.SHIFT)
        done = wait_for("crop mode's Done", lambda: find(editor, pyatspi.ROLE_PUSH_BUTTON, tr("_Done")))
        # Alt moves the edge or corner nearest the pointer when it is on the crop, else the bottom
        # right corner: the pointer goes to the window's bottom left corner, off the picture (and
        # still over the window, which keeps the keyboard without a window manager).
        window = editor.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        pyatspi.Registry.generateMouseEvent(window.x + 8, window.y + window.height - 8, "abs")
        for key in ("Left", "Up") * 3:
            self.press_with(key, self.ALT | self.SHIFT)
        self.press("Return")
        wait_for("crop mode to end", lambda: not states(done).contains(pyatspi.STATE_SHOWING), timeout=10)
        pyatspi.Registry.generateMouseEvent(120, 300, "abs")

    def check_grid_cells(self, sent):
        """Every cell of the Grid is named by its meme's captions, as the List's rows are."""
        grid = wait_for("the Grid's page", lambda: find(sent, pyatspi.ROLE_PANEL, tr("Grid")))
        cells = wait_for("the Grid's cells", lambda: [
            a for a in descendants(grid) if a.getRole() in (pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_TABLE_CELL)])
        for cell in cells:
            if TOP not in (cell.name or "") or "GtkListItemWidget" in (cell.name or ""):
                self.problems.append(f"Grid: a cell is named “{cell.name}”, not by its meme's captions")
        self.steps.append(f"Grid: {len(cells)} cell(s), named {[describe(cell) for cell in cells]}")

    def check_sent_time(self, sent):
        """The List says when the meme was sent in the app's language, on a 24-hour clock (GNOME's
        default clock-format): "Today 21:55", "Heute 21:55", never "9:55 PM"."""
        today = re.compile("^" + re.escape(tr("Today %@")).replace(re.escape("%@"), r"\d{1,2}:\d{2}") + "$")
        label = wait_for_value(lambda: find(sent, pyatspi.ROLE_LABEL, predicate=lambda a: today.match(a.name or "")))
        if not label:
            times = [a.name for a in descendants(sent) if a.getRole() == pyatspi.ROLE_LABEL and ":" in (a.name or "")]
            self.problems.append(f"Sent Memes: no time written as “{tr('Today %@', '21:55')}” among {times}")
        else:
            self.steps.append(f"Sent Memes: sent {describe(label)}")

    def check_toast(self, window, what, title, button):
        """Finds the toast `what` showed in `window`: a label saying `title`, beside a button named
        `button` and a close button named "Dismiss". Returns the button."""
        label = wait_for(f"the toast “{title}”", lambda: find(window, pyatspi.ROLE_LABEL, title))
        # The toast: the nearest element around the label that holds its button.
        toast = label.parent
        while toast is not None and find(toast, pyatspi.ROLE_PUSH_BUTTON, button) is None:
            toast = toast.parent
        if toast is None:
            raise WalkFailure(f"{what}: the toast “{title}” has no button “{button}”")
        action = self.button(toast, button)
        if find(toast, pyatspi.ROLE_PUSH_BUTTON, tr("Dismiss")) is None:
            self.problems.append(f"{what}: the toast “{title}” has no button named Dismiss")
        self.steps.append(f"{what}: the toast says “{title}”, with {describe(action)}")
        return action

    def share(self, editor, item, audit=False):
        """Opens the Share menu and picks `item`."""
        self.click(self.button(editor, tr("Share")))
        entry = wait_for(f"the {item} item", lambda: find(editor, name=item, predicate=self.has_click))
        if audit:
            self.audit(editor, "Share menu")
        self.click(entry)

    def answer_portal_or_error(self, what):
        """Closes what a portal request showed: the portal's own dialog (Cancel), or the app's
        message saying why it could not be done (OK). Either is audited when it is the app's."""
        portal = wait_for("xdg-desktop-portal-gtk on the AT-SPI bus",
                          lambda: self.application("xdg-desktop-portal-gtk"), timeout=30)

        def shown():
            for window in children(portal):
                if states(window).contains(pyatspi.STATE_VISIBLE) and window.getRole() in (
                        pyatspi.ROLE_DIALOG, pyatspi.ROLE_FRAME, pyatspi.ROLE_FILE_CHOOSER):
                    return ("portal", window)
            for window in children(self.app):
                if window.getRole() in (pyatspi.ROLE_DIALOG, pyatspi.ROLE_ALERT):
                    return ("app", window)
            return None

        owner, window = wait_for(f"an answer to {what}", shown, timeout=30)
        title = window.name
        texts = [a.name for a in descendants(window) if a.getRole() == pyatspi.ROLE_LABEL and a.name]
        self.steps.append(f"{what}: {'the portal showed' if owner == 'portal' else 'the app said'} "
                          f"“{window.name}” {texts[:3]}")
        if owner == "app":
            self.audit(window, f"{what} message")
            # libadwaita keeps a message's buttons twice (a row, and a column for narrow windows):
            # the set not shown must not be read too.
            buttons = [a.name for a in descendants(window) if a.getRole() == pyatspi.ROLE_PUSH_BUTTON]
            if len(buttons) != len(set(buttons)):
                self.problems.append(f"{what} message: buttons exposed twice: {buttons}")
        button = wait_for(f"a button to close “{window.name}”", lambda: next(
            (a for a in descendants(window) if a.getRole() == pyatspi.ROLE_PUSH_BUTTON
             and a.name in ("Cancel", "OK", "Close", tr("Cancel"), tr("Close")) and self.has_click(a)), None))
        self.click(button)
        wait_for(f"“{title}” to close", lambda: shown() is None, timeout=15)

    def window_action(self, window, name):
        """Runs one of the window's actions, which GTK offers assistive technologies on the frame."""
        self.run_action(window, name)

    def run_action(self, accessible, name):
        action = accessible.queryAction()
        for index in range(action.nActions):
            if action.getName(index) == name:
                action.doAction(index)
                return
        raise WalkFailure(f"{describe(accessible)} offers no action {name}")

    def tab_to_role(self, root, roles, where):
        """Presses Tab until an element of one of `roles` under `root` has the keyboard focus."""
        focused = lambda: find(root, predicate=lambda a: a.getRole() in roles and states(a).contains(
            pyatspi.STATE_FOCUSED))
        for _ in range(30):
            if focused():
                return
            self.press("Tab")
        raise WalkFailure(f"{where}: Tab never reaches a meme")

    def check_focus(self, field, where, unless_inactive=False):
        """The keyboard focus is in `field` (a screen reader says so as the focus lands).
        `unless_inactive`: no element of the app reporting the focus (its window not active) is
        only noted."""
        if wait_for_value(lambda: states(field).contains(pyatspi.STATE_FOCUSED)):
            self.steps.append(f"{where}: the focus is in {describe(field)}")
            return
        focused = find(self.app, predicate=lambda a: states(a).contains(pyatspi.STATE_FOCUSED))
        if focused is None and unless_inactive:
            self.steps.append(f"{where}: the window is not active (no window manager): the focus is not read")
            return
        self.problems.append(f"{where}: the focus is on {describe(focused) if focused else 'nothing'}, "
                             f"not in {describe(field)}")

    def tab_cycle(self, root, backwards):
        """The elements the focus visits as Tab (`backwards`: Shift+Tab) is pressed round `root`,
        until it comes back to the first one."""
        cycle = []
        for _ in range(60):
            self.press_with("Tab", self.SHIFT if backwards else 0)
            focused = wait_for_value(lambda: find(root, predicate=lambda a: states(a).contains(
                pyatspi.STATE_FOCUSED)), timeout=2)
            where = path_of(focused) if focused else "nothing"
            if cycle and where == cycle[0]:
                break
            cycle.append(where)
        return cycle

    def check_tab_cycles(self, root, where):
        """Tab and Shift+Tab go round the same elements, in opposite order."""
        forwards = self.tab_cycle(root, backwards=False)
        backwards = self.tab_cycle(root, backwards=True)
        reversed_forwards = list(reversed(forwards))
        same = len(forwards) == len(backwards) and backwards and backwards[0] in reversed_forwards and (
            reversed_forwards[reversed_forwards.index(backwards[0]):]
            + reversed_forwards[:reversed_forwards.index(backwards[0])] == backwards)
        if not same:
            self.problems.append(f"{where}: Shift+Tab is not Tab backwards:\n  Tab: {forwards}\n  "
                                 f"Shift+Tab: {backwards}")
        else:
            self.steps.append(f"{where}: Tab and Shift+Tab go round the same {len(forwards)} elements, "
                              f"in opposite order")

    def tab_to(self, field, where):
        """Presses Tab until `field` has the keyboard focus (a screen reader user's way there)."""
        for _ in range(30):
            if states(field).contains(pyatspi.STATE_FOCUSED):
                return
            self.press("Tab")
        self.problems.append(f"{where}: Tab never reaches {describe(field)}")

    def select_tab(self, tab):
        # Page tabs are selected through their list's Selection, as Orca's structural navigation does.
        parent = tab.parent
        selection = parent.querySelection()
        selection.selectChild(tab.getIndexInParent())

    def choose_in_portal(self, title, path, save):
        """Answers the portal's GTK file chooser with `path`, as a screen reader user would."""
        portal = wait_for("xdg-desktop-portal-gtk on the AT-SPI bus",
                          lambda: self.application("xdg-desktop-portal-gtk"), timeout=30)
        dialog = wait_for(f"the portal dialog “{title}”", lambda: next(
            (w for w in children(portal) if w.name == title and states(w).contains(pyatspi.STATE_ACTIVE)
             or w.name == title), None), timeout=30)
        self.steps.append(f"the portal's dialog “{title}” is open (xdg-desktop-portal-gtk)")
        if save:
            name = wait_for("the file name field", lambda: find(
                dialog, predicate=lambda a: a.getRole() == pyatspi.ROLE_TEXT and states(a).contains(
                    pyatspi.STATE_EDITABLE) and states(a).contains(pyatspi.STATE_SHOWING)))
            name.queryEditableText().setTextContents(path)
            self.click(self.button(dialog, tr("_Save")))
        else:
            if CAN_TYPE:
                wait_for("the keyboard in the portal dialog", lambda: find(
                    dialog, predicate=lambda a: states(a).contains(pyatspi.STATE_FOCUSED)))
                self.press("l", control=True)  # Ctrl+L: type a location
            else:
                # The chooser's own accessible action for the same.
                chooser = find(dialog, pyatspi.ROLE_FILE_CHOOSER, "File Chooser Widget")
                self.run_action(chooser, "show_location")
            # (Without input devices, nothing has the keyboard focus on Wayland: found by place.)
            location = wait_for("the location field", lambda: find(
                dialog, predicate=lambda a: a.getRole() == pyatspi.ROLE_TEXT and a.parent.name == "Location Layer"))
            if CAN_TYPE:
                pyatspi.Registry.generateKeyboardEvent(0, path, pyatspi.KEY_STRING)
            else:
                location.queryEditableText().setTextContents(path)
            wait_for("the typed location", lambda: location.queryText().getText(0, -1) == path)
            # The Open button rather than Return, which may first accept the completion popup. The
            # chooser checks the typed file asynchronously and may ignore a click while it still
            # completes the folder: a person clicks again when nothing happens.
            for _ in range(3):
                self.click(self.button(dialog, tr("_Open")))
                try:
                    wait_for("the open dialog to close", lambda: all(w.name != title for w in children(portal)), 5)
                    break
                except WalkFailure:
                    self.steps.append("Open clicked again: the portal's chooser ignored the first click")
        try:
            wait_for(f"the portal dialog “{title}” to close",
                     lambda: all(w.name != title for w in children(portal)), timeout=20)
        except WalkFailure:
            # What the dialog offered, for the failure's reader.
            for accessible in descendants(dialog):
                if accessible.getRole() in INTERACTIVE or accessible.getRole() == pyatspi.ROLE_TEXT:
                    print("portal dialog:", path_of(accessible), states(accessible).contains(pyatspi.STATE_FOCUSED),
                          file=sys.stderr)
            raise

    def check_portal_calls(self):
        self.monitor_log.flush()
        time.sleep(0.3)
        with open(self.monitor_log.name) as log:
            calls = log.read()
        for interface, method in (("FileChooser", "OpenFile"), ("FileChooser", "SaveFile"), ("OpenURI", "OpenFile"),
                                  ("OpenURI", "OpenDirectory"), ("Email", "ComposeEmail")):
            if f"interface=org.freedesktop.portal.{interface}; member={method}" not in calls:
                self.problems.append(f"portals: the app never called org.freedesktop.portal.{interface}.{method}")
            else:
                self.steps.append(f"the app called org.freedesktop.portal.{interface}.{method}")


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    walk = Walk(os.path.abspath(sys.argv[1]))
    started = time.monotonic()
    try:
        walk.run()
    except WalkFailure as failure:
        walk.problems.append(f"walk stopped: {failure}")
    except Exception as error:  # an AT-SPI error: the app or a dialog went away unexpectedly
        walk.problems.append(f"walk stopped: {type(error).__name__}: {error}")
    # An app that quit cleanly at the walk's end is no problem; one that died under it is.
    exit_status = walk.app_exit()
    if exit_status and (walk.problems or walk.app_process.returncode != 0):
        walk.problems.append(exit_status)
    walk.finish()
    errors = walk.app_error_output()
    for step in walk.steps:
        print(f"  {step}")
    print(f"screen reader walk on {SERVER} in “{LANGUAGE}”: {time.monotonic() - started:.1f} s, "
          f"{len(walk.problems)} problems")
    for problem in walk.problems:
        print(f"FAIL {problem}")
    if walk.problems:
        print("The app's standard error:", errors or "(nothing)", sep="\n")
    else:
        sys.stderr.write(errors)
    return 1 if walk.problems else 0


if __name__ == "__main__":
    sys.exit(main())
