// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeUI

// `mememe render ...` (and --help, --version) run headless; anything else starts the app, which
// opens any image files it is given.
let arguments = Array(CommandLine.arguments.dropFirst())
if CommandLineTool.handles(arguments) {
  exit(CommandLineTool.run(arguments))
}
exit(AppLauncher.run(arguments: CommandLine.arguments))
