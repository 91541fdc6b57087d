// SPDX-License-Identifier: GPL-3.0-or-later

/// Spells `--name=` (an option with an empty value) as `--name ""`.
///
/// The argument parser reports `--top=` as a missing value, but an empty value is a real one: an
/// empty caption, just as `--top ""` is. Arguments after `--` are operands and stay as they are.
func expandingEmptyOptionValues(_ arguments: [String]) -> [String] {
  var expanded: [String] = []
  var seenTerminator = false
  for argument in arguments {
    if argument == "--" { seenTerminator = true }
    let isEmptyValue =
      !seenTerminator && argument.hasPrefix("--") && argument.count > 3 && argument.last == "="
      && argument.dropLast().firstIndex(of: "=") == nil
    if isEmptyValue {
      expanded += [String(argument.dropLast()), ""]
    } else {
      expanded.append(argument)
    }
  }
  return expanded
}
