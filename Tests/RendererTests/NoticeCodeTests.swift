import Foundation
import Renderers
import Runner
import ScenarioLanguage
import Sessions
import Simulation
import Testing

/// Warnings and notes are facts in the log; JSON Lines gives each a stable code beside the
/// words the text log prints.
@Suite struct NoticeCodeTests {
  @Test func eachWarningAndNoteHasItsCodeAndTheTextLogsWords() throws {
    var session = Session()
    var json: [[String: Any]] = []
    var text: [String] = []
    let script = """
      param nothing = false
      screen home: a
      tip t
        title "T"
        anchor home.a
      set nothing true
      launch
      close home
      open home
      open home
      dismiss-sheet home
      next t
      checkpoint a
      undo
      undo
      """
    for statement in try Parser(source: script).parse() {
      for case .records(let records) in try session.execute(statement) {
        for record in records {
          switch record.event {
          case .warning, .note:
            text.append(TextRenderer(timeZone: session.world.timeZone).render(record))
            json.append(try object(JSONRenderer(timeZone: session.world.timeZone).render(record)))
          default: continue
          }
        }
      }
    }
    #expect(
      json.map { "\($0["kind"]!) \($0["code"]!)" } == [
        "warning setBeforeLaunch", "warning screenNotOpen", "warning screenAlreadyOpen", "warning sheetAlready",
        "note onScreenNow", "note checkpointTaken", "note undone", "note undone",
      ])
    // The message is the text log's words, after the stamp and the verb column.
    for (object, line) in zip(json, text) {
      #expect(line.hasSuffix("  " + (object["message"] as? String ?? "?")), "\(line)")
    }
  }

  @Test func everyCodeIsInTheLanguageReference() throws {
    let source = try String(contentsOfFile: packageRoot + "/Sources/Renderers/NoticeCodes.swift", encoding: .utf8)
    let reference = try String(contentsOfFile: packageRoot + "/Sources/TipSimKit/TipSimKit.docc/ScenarioLanguage.md", encoding: .utf8)
    let codes = source.split(separator: "\n").compactMap { line -> String? in
      guard line.contains("case ."), let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else {
        return nil
      }
      return String(line[line.index(after: open)..<close])
    }
    #expect(codes.count == 39)
    for code in codes { #expect(reference.contains("`\(code)`"), "\(code)") }
  }

  private func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }
}
