import TipEngine

/// Every kind of happening the log records.
/// The rare cases and the large ones are `indirect`, so that a record stays small: a log
/// is mostly donations and suppressions, and records are copied as they are collected.
public enum LogEvent: Hashable, Sendable {
  /// The app launched and configured TipKit; transient parameters that were reset.
  case launched(frequency: DisplayFrequency, transientReset: [String])
  case quit
  /// A `when` reaction ran (its line, its trigger); its commands' records follow.
  indirect case reacted(ScenarioPlace, trigger: String)
  /// The app went to the background (`true`) or came back, with the screens that were open.
  indirect case scenePhase(background: Bool, screens: [String])
  case screenOpened(String)
  case screenClosed(String)
  /// The app ran one of its actions (`perform`), with the values of its inputs; its
  /// commands' records follow.
  indirect case performed(action: String, inputs: [FieldValue])
  /// An app condition changed (`set CONDITION VALUE`).
  indirect case conditionChanged(name: String, from: Bool, to: Bool)
  /// A parameter changed value, by a `set` or through its binding to an external store.
  indirect case parameterChanged(name: String, from: Value, to: Value, via: StoreKey?)
  indirect case storeWritten(StoreKey, Value)
  /// A donation, with the event's kept donation count after it.
  case donated(event: String, fields: [FieldValue], kept: Int)
  /// `Event.deleteDonations()`: how many donations were deleted.
  indirect case donationsDeleted(event: String, count: Int)
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
  case warning(Warning)
  /// A remark that is not a warning (a setting that applies at the next launch).
  case note(Note)
  /// iCloud brought another device's tip records and donations here (rule 39).
  case synced(from: String)
  /// The answer to `why TIP`.
  indirect case explanation(Explanation)
  /// The answer to `status`, on day `day` (day 1 is the start's date).
  case statusReport(day: Int, [TipStatusLine])
  /// An expectation checked.
  indirect case expectation(ExpectationResult)
}

/// A donation field value, in the event's field order.
public struct FieldValue: Hashable, Sendable {
  public var field: String
  public var value: Value
}
