import Foundation
import ScenarioLanguage
import Simulation
import TipEngine

extension Instant {
  /// The instant of a `Date`, to the second below.
  public init(_ date: Date) {
    self.init(seconds: Int64(date.timeIntervalSince1970.rounded(.down)))
  }

  /// The same instant as a `Date`.
  public var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

  /// Reads an instant as the scenario language writes it (`2026-11-01T09:00`,
  /// `2026-11-01T09:00:30`, or `2026-11-01` for its midnight), in the time zone a scenario
  /// would set with `timezone`.
  public init(parsing text: String, timeZone: String = "UTC") throws(InstantSyntaxError) {
    guard let zone = SimTimeZone(identifier: timeZone) else {
      throw InstantSyntaxError(message: "unknown time zone '\(timeZone)'")
    }
    let tokens: [Token]
    do { tokens = try Lexer.tokenize(text, lineNumber: 1) } catch { throw InstantSyntaxError(message: error.message) }
    guard tokens.count == 1, case .instant(let civil) = tokens[0].kind else {
      throw InstantSyntaxError(message: "expected an instant such as 2026-11-01T09:00, found '\(text)'")
    }
    self = zone.instant(of: civil)
  }
}

/// Text that is not an instant of the scenario language.
public struct InstantSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, in the words of the scenario language's diagnostics.
  public var message: String
  public var description: String { message }
}
