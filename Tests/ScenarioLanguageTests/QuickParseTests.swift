import Foundation
import Simulation
import Testing
import TipEngine

@testable import ScenarioLanguage

/// The parser reads the lines a long script repeats (`open`, `close`, `set`, `advance`,
/// `donate`) straight from their bytes (`Parser.quickStatement`). Whatever it reads must be
/// the general path's statement, equal in every field; whatever it is unsure of it leaves to
/// the general path.
@Suite struct QuickParseTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The general path's statement for one line, or nil when it refuses the line.
  func general(_ line: String, number: Int) -> Statement? {
    guard let tokens = try? Lexer.tokenize(line, lineNumber: number) else { return nil }
    return try? Parser(source: line, firstLine: number).parseLine(tokens, line: number, text: line)
  }

  /// Nil when the quick path leaves the line alone or reads what the general path reads; a
  /// description of the difference otherwise.
  func difference(_ line: String, number: Int = 7) -> String? {
    guard let quick = Parser.quickStatement(line, number: number) else { return nil }
    guard let slow = general(line, number: number) else { return "read a line the general path refuses: \(line.debugDescription)" }
    return quick == slow ? nil : "read \(line.debugDescription) differently:\n  \(quick)\n  \(slow)"
  }

  static let common = [
    "open screen0", "close s_1", "set flag0 true", "set flag1 false", "set n -12", "set n 007", "advance 71m", "advance 1d12h",
    "advance 0m", "donate event0 kind=2", "donate e a=1 b=true c=-3", "donate e", "donate e a = 1", "donate e a=1 a=2",
    " open x", "open x   ", "advance   5w3d2h1m9s", "donate _e x1=999999999999999999",
  ]

  @Test func theCommonLinesAreReadQuicklyAsTheGeneralPathReadsThem() {
    for line in Self.common {
      #expect(Parser.quickStatement(line, number: 3) != nil, "\(line)")
      #expect(difference(line, number: 3) == nil, "\(difference(line, number: 3) ?? "")")
    }
  }

  @Test func oneFieldDonationsSharingTheirFieldsAreReadAsTheGeneralPathReadsThem() throws {
    // Read in one part, a one-field donation shares the fields of an earlier line that
    // donated the same field and value: more pairs than the parser keeps, in turn, and
    // repeats of each, beside the same field with another value or type.
    var lines: [String] = []
    for round in 0..<3 {
      for index in 0..<12 {
        lines.append("donate event\(index % 3) kind=\(index)")
        lines.append("donate event\(round) flag\(index % 2)=\(index % 2 == 0)")
        lines.append("donate e kind=\(index % 2 == 0 ? "true" : "-\(index)")")
      }
    }
    let statements = try Parser(source: lines.joined(separator: "\n")).parse()
    #expect(statements.count == lines.count)
    for (offset, line) in lines.enumerated() {
      #expect(statements[offset] == general(line, number: offset + 1), "\(line)")
    }
  }

  @Test func everyLineOfTheStoriesAndFixturesIsReadAlike() throws {
    var lines = 0
    var quick = 0
    for folder in ["Scenarios", "Tests/RunnerTests/FuzzFixtures"] {
      let directory = Self.root.appendingPathComponent(folder)
      for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".scenario") {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        for (offset, line) in Parser(source: text).lines.enumerated() {
          lines += 1
          if Parser.quickStatement(line, number: offset + 1) != nil { quick += 1 }
          if let difference = difference(line, number: offset + 1) { Issue.record("\(file):\(offset + 1): \(difference)") }
        }
      }
    }
    #expect(lines > 1000)
    #expect(quick > 150, "\(quick) of \(lines) lines read quickly")
  }

  /// Each common line with one byte inserted, removed or doubled, anywhere: every near miss
  /// of the quick path's grammar (a tab, a dash, a dot, a quote, a comment, a unit, a letter
  /// beyond ASCII, a carriage return, an `=` …).
  @Test func everyNearMissIsReadAlikeOrLeftToTheGeneralPath() {
    let inserts = [" ", "\t", "-", "=", ".", "#", "\"", "x", "5", "_", "é", ":", ";", "\r", "m", "h", "d", "w", "s", "q", "0", "(", ","]
    var variants: Set<String> = []
    for line in Self.common {
      let characters = Array(line)
      for position in 0...characters.count {
        for insert in inserts {
          variants.insert(String(characters[..<position]) + insert + String(characters[position...]))
        }
        if position < characters.count {
          variants.insert(String(characters[..<position]) + String(characters[(position + 1)...]))
          variants.insert(String(characters[..<position]) + String(characters[position]) + String(characters[position...]))
        }
      }
    }
    variants.formUnion([
      "advance 5min", "advance 5m5", "advance 1000000000m", "advance 999999999w", "advance 2026-01-01T00:00", "advance to 2026-01-01T00:00",
      "advance -5m", "advance 5", "advance", "set x 5m", "set x 1.5", "set x \"a\"", "set x 2026-01-01T00:00", "set x True", "set x",
      "set x 1234567890123456789", "set x 123456789012345678", "set x 9999999999999999999", "set x -9223372036854775808",
      "donate e a=99999999999999999999", "advance 99999999999999999999m", "advance 1m99999999999999999999s", "advance 999999999m",
      "advance 1234567890m", "set x -", "set x --5", "set", "open", "open a b", "open a-b", "open a#x",
      "open 5", "close é", "donate", "donate e a", "donate e a=", "donate e =1", "donate e a==1", "donate e a=1b", "donate e-x",
      "donate e a=1 b", "donate e a=1,b=2", "donate e a=-0", "donate e true=1", "donate e a=true b=false", "opens x", "clos x",
      "Open x", "sets x 1", "donated e", "advances 1m", "donate e a=1 # comment",
    ])
    var quick = 0
    for line in variants.sorted() {
      if Parser.quickStatement(line, number: 11) != nil { quick += 1 }
      if let difference = difference(line, number: 11) { Issue.record("\(difference)") }
    }
    #expect(quick > 300, "\(quick) of \(variants.count) variants read quickly")
  }
}
