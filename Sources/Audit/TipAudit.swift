import TipEngine

/// What an audit says of one tip (docs/Auditing.md has the JSON schema).
public struct TipAudit: Hashable, Sendable, Codable {
  public enum Verdict: String, Hashable, Sendable, Codable {
    /// A witness displays it, replayed from a fresh install.
    case shows
    /// The code read proves it never displays: each cause says why.
    case never
    /// Neither proved nor shown: the search found no witness within its bounds, or the tip
    /// needs a value the app computes (the note names it).
    case unknown
  }

  /// Why a tip never shows.
  public struct Cause: Hashable, Sendable, Codable {
    public enum Code: String, Hashable, Sendable, Codable {
      case noDisplaySite, eventNeverDonated, parameterNeverWritten, valueNeverWritten, groupBlocked, contradictoryRules,
        ownScreenDefeatsTip,
        neverConfigured, beyondDonationLimit
    }
    public var code: Code
    /// The event, parameter or group member it concerns (the tip itself for
    /// `noDisplaySite`, `contradictoryRules` and `neverConfigured`; the event for
    /// `ownScreenDefeatsTip`).
    public var name: String
    /// Where, in the app's sources (`file:line`); empty when unknown.
    public var place: String
    public var message: String

    /// The lint rule that reports it: `audit` and `lint` share their ids.
    var rule: String {
      switch code {
      case .noDisplaySite: "tipNeverDisplayed"
      case .contradictoryRules: "rulesNeverHold"
      case .neverConfigured: "noConfigure"
      default: code.rawValue
      }
    }
  }

  /// What ends its displays.
  public enum End: String, Hashable, Sendable, Codable {
    /// Its own rules, which the app's flow makes false for good (`rulesEnd` says how).
    case maxDisplayCount, maxDisplayDuration, invalidatedByApp, rules, closeButton
  }

  public var tip: String
  /// Its persisted id, what two versions of an app match it by (its name unless `id` says).
  public var id: String
  /// Where it is declared (`file:line`), empty when unknown.
  public var place = ""
  public var title: String
  public var verdict: Verdict
  public var causes: [Cause] = []
  /// From a fresh install: the lines that display it (empty unless `shows`).
  public var witness: [String] = []
  /// Whether the tip is still on screen after the witness (`expect shown`); false when the
  /// app's own code hides it at once (`expect displays TIP at least 1`).
  public var onScreenAfterWitness = false
  /// What the witness takes for granted that the code read leaves open: an entry point the
  /// app calls, a value it computes, an app condition that holds.
  public var assumptions: [Assumption] = []
  /// Why the verdict is `unknown`.
  public var note: String?
  public var ends: [End] = []
  /// The places of the app's own `invalidate` calls.
  public var invalidatedAt: [String] = []
  /// How its rules end it, each with the places of the code that does it.
  public var rulesEnd: [String] = []
  /// It shows, and neither a display count, a duration, the app nor its rules end it: only
  /// the user's close does.
  public var returnsUntilClosed: Bool
  /// The typical user's first display: day 1 is the day of the first launch.
  public var firstDisplay: FirstDisplay?
  /// The typical user's counted displays over the days the usage model runs.
  public var displays: Int

  /// One thing a witness relies on that the code read does not decide.
  public struct Assumption: Hashable, Sendable, Codable {
    /// "assuming the app calls `libraryDidLoad(count:)` with hasContent = true".
    public var text: String
    /// Where, in the app's sources (`file:line`) or the scenario.
    public var place: String
  }

  public struct FirstDisplay: Hashable, Sendable, Codable {
    public var day: Int
    /// `2026-01-03T09:00:00`, in the scenario's time zone.
    public var at: String

    /// The day of `instant`, counted from `start`'s, which is day 1.
    static func day(of instant: Instant, from start: Instant) -> Int { Int((instant - start).seconds / 86_400) + 1 }
  }
}
