#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A stand-in file manager on the session bus, for the window tests of Show in Folder.

Usage: fake-file-manager.py CALLS-FILE

It owns org.freedesktop.FileManager1 (the interface Nautilus, Dolphin and Nemo offer), answers its
ShowItems, ShowFolders and ShowItemProperties calls, and appends each call to CALLS-FILE as a line of
JSON: {"method": ..., "uris": [...], "startup_id": ...}. It prints "ready" once it owns the name, and
runs until it is terminated (SIGTERM). Debian's /usr/bin/python3 has GIO through python3-gi.
"""
import json
import signal
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

NAME = "org.freedesktop.FileManager1"
PATH = "/org/freedesktop/FileManager1"
INTERFACE = """
<node>
  <interface name="org.freedesktop.FileManager1">
    <method name="ShowFolders"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
    <method name="ShowItems"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
    <method name="ShowItemProperties"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
  </interface>
</node>
"""


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    calls = sys.argv[1]
    # A process started from a thread that blocks signals (a test runner's) inherits the mask:
    # SIGTERM would stay pending for ever.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    interface = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    loop = GLib.MainLoop()
    lost = []

    def called(connection, sender, path, interface_name, method, parameters, invocation):
        uris, startup_id = parameters.unpack()
        with open(calls, "a") as file:
            file.write(json.dumps({"method": method, "uris": uris, "startup_id": startup_id}) + "\n")
        invocation.return_value(None)

    def bus_acquired(connection, name):
        connection.register_object(PATH, interface, called, None, None)

    def name_acquired(connection, name):
        print("ready", flush=True)

    def name_lost(connection, name):
        print(f"{NAME} is taken, or there is no session bus", file=sys.stderr, flush=True)
        lost.append(name)
        loop.quit()

    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: loop.quit() or GLib.SOURCE_REMOVE)
    Gio.bus_own_name(Gio.BusType.SESSION, NAME, Gio.BusNameOwnerFlags.NONE, bus_acquired, name_acquired, name_lost)
    loop.run()
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
