import Foundation
import Runner
import Testing

@testable import Renderers

/// JSON Lines and stamps: the same words as the text log, escaped, each stamp its own local
/// time.
@Suite struct JSONLinesTests {
  @Test func jsonLinesAreOneObjectPerRecordWithAKind() throws {
    let definitions =
      "param isLoggedIn = false\nscreen contacts: colleaguesTab\n"
      + "tip colleaguesAppeal\n  anchor contacts.colleaguesTab\n  rule isLoggedIn == true\n"
    let source = definitions + "launch\nopen contacts\nexpect hidden colleaguesAppeal\n"
    let report = ScenarioRunner.run(source: source, options: RunOptions(format: .json))
    let lines = report.transcript.split(separator: "\n")
    #expect(lines.count == report.session.records.count + 1)
    for line in lines {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["kind"] is String)
    }
    #expect(lines[2].contains(#""kind":"suppressed","tip":"colleaguesAppeal","screen":"contacts","anchor":"colleaguesTab""#))
    #expect(lines[2].contains(#""reasons":["rules"]"#))
  }

  @Test func jsonStringsEscapeQuotesBackslashesAndControlsAndKeepTheRest() throws {
    // A tab and two other control characters typed raw into a string, beside a quote, a
    // backslash and text beyond ASCII.
    let value = "a\"b\\c\td\u{1}e\u{1F} é日本"
    let source =
      "param p = \"\"\nlaunch\nset p \"\(value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\"\n"
    let report = ScenarioRunner.run(source: source, options: RunOptions(format: .json))
    #expect(report.exitCode == 0, "\(report.errors)")
    let line = try #require(report.transcript.split(separator: "\n").first { $0.contains(#""kind":"set""#) })
    #expect(line.contains(#""value":"a\"b\\c\td\u0001e\u001f é日本""#))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["value"] as? String == value)
  }

  @Test func jsonReasonsAndDetailsAreTheTextLogsWordsAndLinesEscapedInPlace() throws {
    // A rule's string literal with a quote and a backslash, a bound-parameter reading beside
    // another failing rule, frequency, a group and an invalidated tip: several reasons a
    // record, some repeated words, lines that need escapes between lines that do not.
    let source = #"""
      frequency daily
      param p = "x"
      param q = false
      store defaults flag = false
      param bound = false bind defaults.flag
      screen home: a b c d
      tip quoted
        title "Q"
        anchor home.a
        rule p == "a\"b\\c"
        rule bound == true
        rule q == true
      tip first
        title "F"
        anchor home.b
      tip counted
        title "C"
        anchor home.c
        maxDisplayCount 1
      group g ordered: counted first
      launch
      open home
      close home
      advance 1d
      open home
      close home
      advance 1d
      open home
      """#
    let report = ScenarioRunner.run(source: source, options: RunOptions(format: .json))
    #expect(report.exitCode == 0, "\(report.errors)")
    let lines = report.transcript.split(separator: "\n")
    let records = report.session.records
    #expect(lines.count == records.count + 1)
    let text = TextRenderer(timeZone: .utc)
    var escaped = 0
    var checked = 0
    for (line, record) in zip(lines, records) {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      guard case .suppressed(_, let reasons) = record.event else { continue }
      #expect(object["reasons"] as? [String] == reasons.words)
      // The text log writes the same lines under its record's first, indented 33 columns.
      let textLines = text.render(record).split(separator: "\n").dropFirst().map { String($0.dropFirst(33)) }
      #expect(object["details"] as? [String] == textLines)
      if line.contains(#"\""#) { escaped += 1 }
      checked += 1
    }
    #expect(escaped > 0 && checked > escaped)
    #expect(
      records.contains { if case .suppressed(_, let r) = $0.event { r.count > 1 && r.words.contains("boundParameter") } else { false } })
  }

  /// A log that repeats a few instants and cycles through many, in a zone other than UTC,
  /// writes each one's own local time, in text and in JSON.
  @Test func everyStampIsItsOwnLocalTimeWhenInstantsRepeatAndWhenMoreCycleThanTheRenderersKeep() {
    // Ten tips on each of two screens, each invalidated a minute after the one before.
    var source = "timezone Asia/Tokyo\nstart 2026-11-01T09:00\nscreen s: a\nscreen r: a\n"
    for tip in 0..<20 { source += "tip t\(tip)\n  title \"T\(tip)\"\n  anchor \(tip < 10 ? "s" : "r").a\n" }
    source += "launch\n"
    for tip in 0..<20 { source += "invalidate t\(tip) actionPerformed\nadvance 1m\n" }
    source += "open s\nclose s\nopen s\nclose s\nadvance 1h\nopen r\nopen s\nclose s\nclose r\nopen s\n"
    let minutes = (0..<20).map { "2026-11-01 09:\($0 < 10 ? "0" : "")\($0):00" }
    let onS = Array(minutes[..<10])
    let onR = Array(minutes[10...])
    // Each format: how an opening's line is told, and where its stamp starts.
    for (format, opening, stampAt, separator) in [
      (OutputFormat.text(.plain), "  open  ", 0, " "), (.json, #""kind":"open""#, 7, "T"),
    ] {
      let report = ScenarioRunner.run(source: source, options: RunOptions(format: format))
      #expect(report.exitCode == 0, "\(report.errors)")
      let lines = report.transcript.split(separator: "\n")
      let stamps = lines.compactMap { line in
        line.range(of: "actionPerformed at ").map { String(line[$0.upperBound...].prefix(19)) }
      }
      #expect(stamps == onS + onS + onR + onS + onS)
      // The records' own stamps.
      let opens = lines.filter { $0.contains(opening) }.map { String($0.dropFirst(stampAt).prefix(19)) }
      #expect(opens == ["09:20", "09:20", "10:20", "10:20", "10:20"].map { "2026-11-01\(separator)\($0):00" })
    }
  }
}
