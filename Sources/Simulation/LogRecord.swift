import TipEngine

/// One happening in the simulated world, at its simulated instant. Plain values, so tests
/// compare whole logs.
public struct LogRecord: Hashable, Sendable {
  // The event comes first so that the synthesized memberwise initializer,
  // `init(event:instant:device:)`, differs from the public one below, which calls it.
  public var event: LogEvent
  public var instant: Instant
  /// The device it happened on, when the scenario has devices.
  public var device: String?
}

extension LogRecord {
  /// Calls the synthesized initializer: written out (`self.instant = instant` …), an
  /// initializer built the record, copied it whole and destroyed the first (Swift 6.3),
  /// retaining and releasing each of its names and arrays, for every record of a run.
  public init(instant: Instant, event: LogEvent, device: String? = nil) {
    self.init(event: event, instant: instant, device: device)
  }
}

/// A tip at its place on screen.
public struct TipRef: Hashable, Sendable {
  public var tip: String
  public var placement: Placement
}

/// Every kind of happening the log records.
/// The rare cases and the large ones are `indirect`, so that a record stays small: a log
/// is mostly donations and suppressions, and records are copied as they are collected.
public enum LogEvent: Hashable, Sendable {
  /// The app launched and configured TipKit; transient parameters that were reset.
  case launched(frequency: DisplayFrequency, transientReset: [String])
  case quit
  case screenOpened(String)
  case screenClosed(String)
  /// A parameter changed value, by a `set` or through its binding to an external store.
  indirect case parameterChanged(name: String, from: Value, to: Value, via: StoreKey?)
  indirect case storeWritten(StoreKey, Value)
  /// A donation, with the event's kept donation count after it.
  case donated(event: String, fields: [FieldValue], kept: Int)
  indirect case shown(TipShown)
  case suppressed(TipRef, reasons: [Suppression])
  indirect case hidden(TipRef, cause: HideCause)
  indirect case invalidated(tip: String, reason: InvalidationReason, displays: Int, maximum: Int?, cause: InvalidationCause)
  indirect case actionTapped(tip: String, action: String, title: String)
  case advanced(from: Instant, to: Instant)
  /// `next` landed here, because of these.
  case timeStep([TipEngine.ChangeCause])
  /// A tip's status changed during `next`.
  indirect case statusChanged(tip: String, from: TipStatus, to: TipStatus)
  indirect case testing(TestingOverrides)
  case datastoreReset
  indirect case eligibilityReset(tip: String, status: TipStatus)
  indirect case policySet(name: String, value: String)
  /// An anchor scrolled away or came back; the tips on screen there.
  indirect case anchorChanged(screen: String, anchor: String, visible: Bool, tips: [String])
  /// A sheet covered a screen or went away; the tips on screen under it.
  indirect case sheetChanged(screen: String, presented: Bool, tips: [String])
  /// The user tapped a control; a blocking tip refused the tap.
  indirect case controlTapped(screen: String, anchor: String, refusedBy: String?)
  /// Something that had no effect, or a harmless repeat.
  case warning(String)
  /// A remark that is not a warning (a setting that applies at the next launch).
  case note(String)
  /// iCloud brought another device's tip records and donations here (rule 39).
  case synced(from: String)
  /// The answer to `why TIP`.
  indirect case explanation(Explanation)
  /// The answer to `status`.
  case statusReport([TipStatusLine])
  /// An expectation checked.
  indirect case expectation(ExpectationResult)
}

/// A donation field value, in the event's field order.
public struct FieldValue: Hashable, Sendable {
  public var field: String
  public var value: Value
}

/// A tip appearing.
public struct TipShown: Hashable, Sendable {
  public var ref: TipRef
  /// The tip's display count after this display.
  public var number: Int
  public var maximum: Int?
  /// False when policy `perScreenOpen` let the tip reappear without counting (rule 21).
  public var counted: Bool
  /// Shown only because of a testing show-override.
  public var override: TestingOverride?
  /// Whether this display started the display-frequency interval (rule 28).
  public var startedInterval: Bool
  /// What the device draws (spec section 11).
  public var rendering: Rendering = .rendered
  /// Decided while a sheet covers the screen: the user cannot see it (rule 42).
  public var behindSheet = false
}

/// Why a display ended.
public enum HideCause: Hashable, Sendable {
  case screenClosed
  case appQuit
  /// Tapped outside the popover (rule 36).
  case tappedOutside
  /// The close button (rule 36): invalidated with `tipClosed`.
  case closeButton
  /// Its status stopped being available while on screen (rule 38).
  case noLongerAvailable([Suppression])
  /// Another member became its group's current tip (rule 30).
  case displaced(group: String, by: String?)
  /// Its anchor was hidden, under policy `anchorHidden endDisplay`.
  case anchorHidden
  /// A tap on another control dismissed it (presentation tapToDismiss).
  case otherTap(String)
}

/// What invalidated a tip.
public enum InvalidationCause: Hashable, Sendable {
  case closeButton
  case command
  /// The n-th display of a MaxDisplayCount(n) tip ended or started (rules 21, 22).
  case displayCount
  /// The cumulative on-screen time reached MaxDisplayDuration (rule 24).
  case displayDuration(TimeSpan)
}

/// One row of `status`.
public struct TipStatusLine: Hashable, Sendable {
  public var tip: String
  public var status: TipStatus
  public var onScreen: Placement?
  public var displays: Int
  public var maximum: Int?
  public var lastShown: Instant?
  public var override: TestingOverride?
}

/// The outcome of one `expect`.
public struct ExpectationResult: Hashable, Sendable {
  public var passed: Bool
  /// The expectation as written (`expect shown colleaguesAppeal`).
  public var text: String
  /// What was found, for a failure message.
  public var found: String
  /// The tip's explanation, when the expectation is about a tip and failed.
  public var explanation: Explanation?
  public var line: Int?

  public init(passed: Bool, text: String, found: String, explanation: Explanation? = nil, line: Int? = nil) {
    self.passed = passed
    self.text = text
    self.found = found
    self.explanation = explanation
    self.line = line
  }
}
