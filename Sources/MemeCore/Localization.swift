// SPDX-License-Identifier: GPL-3.0-or-later

// The engine words its errors for the person using the app and translates them where they are made,
// with the one gettext wrapper `localized(...)` every module shares. Re-exported so that the store,
// the camera and the command line, which all build on the engine, reach it the same way.
@_exported import GLibSupport
