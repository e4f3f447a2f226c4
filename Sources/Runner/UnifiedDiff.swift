import Renderers

/// A unified diff of two texts, line by line, with three lines of context.
public enum UnifiedDiff {
  public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let edits = script(a, b)
    guard edits.contains(where: { $0.kind != .same }) else { return "" }
    var out = ["--- \(oldName)", "+++ \(newName)"]
    var index = 0
    while index < edits.count {
      guard let change = edits[index...].firstIndex(where: { $0.kind != .same }) else { break }
      let start = max(index, change - context)
      var end = change
      var lastChange = change
      while end < edits.count {
        if edits[end].kind != .same { lastChange = end }
        if end - lastChange > context * 2 { break }
        end += 1
      }
      end = min(edits.count, lastChange + context + 1)
      let hunk = edits[start..<end]
      let oldStart = (hunk.first { $0.kind != .insert }?.oldLine ?? 0) + 1
      let newStart = (hunk.first { $0.kind != .delete }?.newLine ?? 0) + 1
      let oldCount = hunk.filter { $0.kind != .insert }.count
      let newCount = hunk.filter { $0.kind != .delete }.count
      out.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
      for edit in hunk {
        switch edit.kind {
        case .same: out.append(" " + edit.text)
        case .delete: out.append("-" + edit.text)
        case .insert: out.append("+" + edit.text)
        }
      }
      index = end
    }
    return out.joined(separator: "\n")
  }

  struct Edit {
    enum Kind { case same, delete, insert }
    var kind: Kind
    var text: String
    var oldLine: Int
    var newLine: Int
  }

  /// A shortest edit script by longest common subsequence (texts here are transcripts of at
  /// most a few thousand lines; beyond that the common prefix and suffix are trimmed first).
  static func script(_ a: [String], _ b: [String]) -> [Edit] {
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
    let x = Array(a[prefix..<(a.count - suffix)])
    let y = Array(b[prefix..<(b.count - suffix)])
    var edits = (0..<prefix).map { Edit(kind: .same, text: a[$0], oldLine: $0, newLine: $0) }
    if x.count * y.count > 25_000_000 {
      edits += x.enumerated().map { Edit(kind: .delete, text: $1, oldLine: prefix + $0, newLine: prefix) }
      edits += y.enumerated().map { Edit(kind: .insert, text: $1, oldLine: prefix + x.count, newLine: prefix + $0) }
    } else {
      var lcs = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
      for i in stride(from: x.count - 1, through: 0, by: -1) {
        for j in stride(from: y.count - 1, through: 0, by: -1) {
          lcs[i][j] = x[i] == y[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
        }
      }
      var i = 0
      var j = 0
      while i < x.count || j < y.count {
        if i < x.count, j < y.count, x[i] == y[j] {
          edits.append(Edit(kind: .same, text: x[i], oldLine: prefix + i, newLine: prefix + j))
          i += 1
          j += 1
        } else if j < y.count, i == x.count || lcs[i][j + 1] >= lcs[i + 1][j] {
          edits.append(Edit(kind: .insert, text: y[j], oldLine: prefix + i, newLine: prefix + j))
          j += 1
        } else {
          edits.append(Edit(kind: .delete, text: x[i], oldLine: prefix + i, newLine: prefix + j))
          i += 1
        }
      }
    }
    let oldTail = a.count - suffix
    let newTail = b.count - suffix
    edits += (0..<suffix).map { Edit(kind: .same, text: a[oldTail + $0], oldLine: oldTail + $0, newLine: newTail + $0) }
    return edits
  }
}
