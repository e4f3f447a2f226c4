/// A piece of the report's page that the Markdown and the HTML both show, written once:
/// text in which `backticks` mark code.
enum ReportBlock: Sendable {
  case paragraph(String)
  case heading(String)
  case list([String])
  /// Columns whose flag is true are numbers, aligned right.
  case table(header: [String], numeric: [Bool], rows: [[String]])

  var markdown: [String] {
    switch self {
    case .paragraph(let text): return [text, ""]
    case .heading(let text): return ["### \(text)", ""]
    case .list(let items): return items.map { "- " + $0 } + [""]
    case .table(let header, let numeric, let rows):
      func row(_ cells: [String]) -> String {
        "| "
          + cells.map { $0.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: "<br>") }.joined(
            separator: " | ")
          + " |"
      }
      let rule = header.indices.map { numeric[safe: $0] == true ? "---:" : "---" }
      return [row(header), row(rule)] + rows.map(row) + [""]
    }
  }

  var html: [String] {
    switch self {
    case .paragraph(let text): return ["<p>\(ReportBlock.inline(text))</p>"]
    case .heading(let text): return ["<h3>\(ReportBlock.inline(text))</h3>"]
    case .list(let items): return ["<ul>"] + items.map { "<li>\(ReportBlock.inline($0))</li>" } + ["</ul>"]
    case .table(let header, let numeric, let rows):
      func cells(_ tag: String, _ row: [String]) -> String {
        row.enumerated().map { i, cell in
          let css = numeric[safe: i] == true ? #" class="n""# : ""
          return "<\(tag)\(css)>\(ReportBlock.inline(cell).replacingOccurrences(of: "\n", with: "<br>"))</\(tag)>"
        }.joined()
      }
      return [#"<div class="scroll"><table class="summary">"#, "<thead><tr>\(cells("th", header))</tr></thead>", "<tbody>"]
        + rows.map { "<tr>\(cells("td", $0))</tr>" } + ["</tbody></table></div>"]
    }
  }

  /// Escaped text, with each `code` span as <code>.
  static func inline(_ text: String) -> String {
    let parts = text.split(separator: "`", omittingEmptySubsequences: false)
    return parts.enumerated().map { i, part in
      let escaped = TimelineSVG.escape(String(part))
      // An odd index is inside backticks, unless it is an unpaired last one.
      return i % 2 == 1 && i < parts.count - 1 ? "<code>\(escaped)</code>" : (i % 2 == 1 ? "`" + escaped : escaped)
    }.joined()
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
