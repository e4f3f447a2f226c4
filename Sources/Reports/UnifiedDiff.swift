import Sessions

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

  /// A shortest edit script (the standard library's `difference(from:)`), inserted lines
  /// before the deleted lines they replace.
  static func script(_ a: [String], _ b: [String]) -> [Edit] {
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in b.difference(from: a) {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    var edits: [Edit] = []
    var (i, j) = (0, 0)
    while i < a.count || j < b.count {
      if j < b.count, inserted.contains(j) {
        edits.append(Edit(kind: .insert, text: b[j], oldLine: i, newLine: j))
        j += 1
      } else if i < a.count, removed.contains(i) {
        edits.append(Edit(kind: .delete, text: a[i], oldLine: i, newLine: j))
        i += 1
      } else {
        edits.append(Edit(kind: .same, text: a[i], oldLine: i, newLine: j))
        i += 1
        j += 1
      }
    }
    return edits
  }
}
