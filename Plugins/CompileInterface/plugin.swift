// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PackagePlugin

/// Compiles data/ui into the GResource bundle MemeUI carries (build-aux/compile-interface.sh), again
/// whenever the manifest or one of the .ui files changes.
@main struct CompileInterface: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let folder = root.appending(path: "data/ui")
    let manifest = folder.appending(path: "mememe.gresource.xml")
    let script = root.appending(path: "build-aux/compile-interface.sh")
    let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "ui" }
    let output = context.pluginWorkDirectoryURL.appending(path: "CompiledInterfaceBundle.swift")
    return [
      .buildCommand(
        displayName: "Compiling the interface bundle", executable: URL(filePath: "/bin/sh"),
        arguments: [script.path, manifest.path, folder.path, output.path],
        inputFiles: [script, manifest] + files, outputFiles: [output])
    ]
  }
}
