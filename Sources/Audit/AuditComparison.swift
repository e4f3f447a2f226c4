import Foundation

/// What a change does to an app's tips (`tipsim audit NEW --compare OLD`): the two versions'
/// audits, made with the same days, seeds and usage model, tip by tip — matched by persisted
/// id, so a renamed type with the same id is one tip — and the app-wide figures and findings.
public struct AuditComparison: Sendable {
  /// A kind of change `--fail-on` can make the exit status 1.
  public enum Failure: String, Sendable, CaseIterable {
    /// A tip that showed can no longer: it is now proved never to.
    case unreachable
    /// The population's p95 of tip displays per user per week went over the budget.
    case fatigue
    /// A tip that something ended now returns until the user closes it.
    case returnsUntilClosed
    /// A typical user's first display came later.
    case later
  }

  /// One tip across the versions; nil on the side where it does not exist.
  public struct TipChange: Sendable {
    public var id: String
    public var old: TipAudit?
    public var new: TipAudit?
    /// Each change in words; empty when the tip is unchanged.
    public var changes: [String]
    public var failures: Set<Failure>

    public var changed: Bool { !changes.isEmpty }
    public var name: String { new?.tip ?? old?.tip ?? id }
  }

  public var tips: [TipChange]
  public var findingsAdded: [AuditFinding]
  public var findingsRemoved: [AuditFinding]
  public var oldPerWeek: AuditReport.PerWeek
  public var newPerWeek: AuditReport.PerWeek
  public var budget: Int
  /// The app-wide changes in words (the week's displays, the budget).
  public var appChanges: [String] = []
  public var appFailures: Set<Failure> = []

  /// `roots`: each version's path as given (a scenario file, or the folder of its Swift
  /// sources), which a finding's place is read relative to, so the same finding in two
  /// checkouts matches. A finding the change removed is named at its path under the new
  /// root, as the added ones are: `--compare-ref`'s old copy is a temporary folder.
  public init(old: AuditReport, new: AuditReport, budget: Int, roots: (old: String, new: String) = ("", "")) {
    self.budget = budget
    oldPerWeek = old.perWeek
    newPerWeek = new.perWeek
    var ids = old.tips.map(\.id)
    for id in new.tips.map(\.id) where !ids.contains(id) { ids.append(id) }
    tips = ids.map { id in
      AuditComparison.change(id: id, old: old.tips.first { $0.id == id }, new: new.tips.first { $0.id == id })
    }
    // Matched as a baseline matches them (rule, file, subject), the file relative to its version.
    func key(_ finding: AuditFinding, root: String) -> [String] {
      var relative = finding
      relative.place = AuditComparison.relative(finding.place, to: root)
      return Baseline.Entry(relative).key
    }
    let oldKeys = Set(old.findings.map { key($0, root: roots.old) })
    let newKeys = Set(new.findings.map { key($0, root: roots.new) })
    findingsAdded = new.findings.filter { !oldKeys.contains(key($0, root: roots.new)) }
    findingsRemoved = old.findings.filter { !newKeys.contains(key($0, root: roots.old)) }.map { finding in
      var moved = finding
      moved.place = AuditComparison.rerooted(finding.place, from: roots.old, to: roots.new)
      return moved
    }
    if old.perWeek.p50 != new.perWeek.p50 || old.perWeek.p95 != new.perWeek.p95 {
      appChanges.append(
        "tip displays per user per week: p50 \(old.perWeek.p50) → \(new.perWeek.p50), p95 \(old.perWeek.p95) → \(new.perWeek.p95) (budget \(budget))"
      )
    }
    if new.perWeek.p95 > Double(budget), old.perWeek.p95 <= Double(budget) {
      appFailures.insert(.fatigue)
      appChanges.append("the p95 user now sees more than \(budget) tips a week")
    }
  }

  /// `place` (`file:line`) with `root` taken off its file: `Tips.swift:3` for `App/Tips.swift:3`
  /// under `App`; a scenario file that is the root itself keeps only its line.
  static func relative(_ place: String, to root: String) -> String {
    let root = root.hasSuffix("/") ? String(root.dropLast()) : root
    guard !root.isEmpty else { return place }
    if place == root { return "" }
    if place.hasPrefix(root + ":") { return String(place.dropFirst(root.count)) }
    if place.hasPrefix(root + "/") { return String(place.dropFirst(root.count + 1)) }
    return place
  }

  /// `place` under `old` as it reads under `new`: `App/Tips.swift:3` for
  /// `/tmp/copy/App/Tips.swift:3` from `/tmp/copy/App` to `App`; a place outside `old` as it is.
  static func rerooted(_ place: String, from old: String, to new: String) -> String {
    let inside = relative(place, to: old)
    let new = new.hasSuffix("/") ? String(new.dropLast()) : new
    guard !old.isEmpty, inside != place, !new.isEmpty else { return inside }
    return inside.isEmpty || inside.hasPrefix(":") ? new + inside : new + "/" + inside
  }

  /// `unreachable,later`: the kinds a `--fail-on` list names; nil when one is unknown.
  public static func failures(_ list: String) -> Set<Failure>? {
    var kinds: Set<Failure> = []
    for word in list.split(separator: ",") {
      guard let kind = Failure(rawValue: word.trimmingCharacters(in: .whitespaces)) else { return nil }
      kinds.insert(kind)
    }
    return kinds
  }

  /// Every kind of failure the change has.
  public var failures: Set<Failure> { tips.reduce(appFailures) { $0.union($1.failures) } }

  /// Whether nothing changed: the same tips with the same answers, the same findings and figures.
  public var isUnchanged: Bool { tips.allSatisfy { !$0.changed } && findingsAdded.isEmpty && findingsRemoved.isEmpty && appChanges.isEmpty }

  static func change(id: String, old: TipAudit?, new: TipAudit?) -> TipChange {
    var change = TipChange(id: id, old: old, new: new, changes: [], failures: [])
    guard let old, let new else {
      if let new { change.changes.append("added: \(summary(new))") }
      if old != nil { change.changes.append("removed") }
      return change
    }
    if old.tip != new.tip { change.changes.append("renamed \(old.tip) → \(new.tip) (the same id)") }
    if old.verdict != new.verdict {
      var words = "\(old.verdict.rawValue) → \(new.verdict.rawValue)"
      switch new.verdict {
      case .never: words += ": " + new.causes.map { $0.message + ($0.place.isEmpty ? "" : " (\($0.place))") }.joined(separator: "; ")
      case .shows: words += " after: " + new.witness.joined(separator: "; ")
      case .unknown: words += ": " + (new.note ?? "")
      }
      change.changes.append(words)
      if old.verdict == .shows && new.verdict == .never { change.failures.insert(.unreachable) }
    }
    switch (old.firstDisplay, new.firstDisplay) {
    case (let o?, let n?) where o.day != n.day:
      change.changes.append("first display day \(o.day) → day \(n.day)")
      if n.day > o.day { change.failures.insert(.later) }
    case (let o?, nil): change.changes.append("first display day \(o.day) → none in the period")
    case (nil, let n?): change.changes.append("first display none in the period → day \(n.day)")
    default: break
    }
    if old.displays != new.displays { change.changes.append("displays \(old.displays) → \(new.displays)") }
    if old.returnsUntilClosed != new.returnsUntilClosed {
      change.changes.append(new.returnsUntilClosed ? "now returns until closed" : "no longer returns until closed")
      if new.returnsUntilClosed { change.failures.insert(.returnsUntilClosed) }
    } else if ends(old) != ends(new) {
      change.changes.append("ends: \(ends(old)) → \(ends(new))")
    }
    let oldAssumptions = Set(old.assumptions.map(\.text))
    let newAssumptions = Set(new.assumptions.map(\.text))
    for text in new.assumptions.map(\.text) where !oldAssumptions.contains(text) { change.changes.append("new assumption: \(text)") }
    for text in old.assumptions.map(\.text) where !newAssumptions.contains(text) { change.changes.append("no longer assumed: \(text)") }
    return change
  }

  static func summary(_ tip: TipAudit) -> String {
    tip.verdict.rawValue + (tip.firstDisplay.map { ", first display day \($0.day)" } ?? "")
      + ", \(tip.displays) display\(tip.displays == 1 ? "" : "s")"
  }

  static func ends(_ tip: TipAudit) -> String {
    let ends = tip.ends.filter { $0 != .closeButton }.map(\.rawValue)
    return ends.isEmpty ? "the user's close" : ends.joined(separator: ", ")
  }
}
