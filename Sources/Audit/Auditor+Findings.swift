import Simulation

/// The audit's own app-wide findings: each cause of a tip that never shows, tips that
/// return until closed, popovers that compete.
extension Auditor {
  /// A finding for each cause of a tip that never shows (unless Swift lint reports it under
  /// the same rule), and for each tip that returns until closed.
  func findings(_ tips: [TipAudit]) -> [AuditFinding] {
    var found: [AuditFinding] = []
    for tip in tips {
      let place = input.places.tips[tip.tip] ?? input.file
      for cause in tip.causes {
        // The same finding from Swift lint: about the event, the tip, or (configure) the app.
        let subject = cause.code == .eventNeverDonated ? cause.name : cause.code == .neverConfigured ? "" : tip.tip
        guard !input.findings.contains(where: { $0.rule == cause.rule && (subject.isEmpty || $0.message.contains(subject)) }) else {
          continue
        }
        found.append(
          AuditFinding(
            rule: cause.rule, place: cause.place.isEmpty ? place : cause.place, message: "tip \(tip.tip) never shows: \(cause.message)",
            fix: Self.fix(cause.code), subject: tip.tip))
      }
      if tip.verdict != .never && tip.returnsUntilClosed {
        found.append(
          AuditFinding(
            rule: "returnsUntilClosed", place: place,
            message:
              "tip \(tip.tip) has no MaxDisplayCount, no MaxDisplayDuration and no invalidate call: it comes back at every eligible visit until the user closes it",
            fix: "add .maxDisplayCount(N) to its options, or invalidate it when the user does what it suggests", subject: tip.tip))
      }
    }
    return found
  }

  /// Screens with more than one popover tip that can show, and can be on screen together:
  /// one waits for the other (rule 37). Popovers shown under opposite app conditions (an
  /// `if`'s two branches) never are.
  func popoverCompetition(_ tips: [TipAudit], world: World) -> [AuditFinding] {
    var found: [AuditFinding] = []
    for screen in world.screens.map(\.name) {
      // A tip's popover on this screen, and what it is shown under there.
      func popover(_ tip: TipAudit) -> Placement? { world.places(of: tip.tip).first { $0.screen == screen && $0.style == .popover } }
      func tests(_ tip: TipAudit) -> [ConditionTest] { popover(tip).map { world.anchorTests(of: $0.description) } ?? [] }
      func together(_ a: TipAudit, _ b: TipAudit) -> Bool {
        let other = tests(b)
        return !tests(a).contains { test in other.contains { $0.name == test.name && $0.negated != test.negated } }
      }
      let candidates = tips.filter { tip in tip.verdict != .never && popover(tip) != nil }
      let popovers = candidates.filter { tip in candidates.contains { $0.tip != tip.tip && together(tip, $0) } }
      guard popovers.count > 1 else { continue }
      let named = popovers.map { tip in "\(tip.tip) (" + (tip.firstDisplay.map { "day \($0.day)" } ?? "not seen by the typical user") + ")"
      }
      found.append(
        AuditFinding(
          rule: "popoversCompete", place: input.places.displays[popovers[0].tip]?.first ?? input.places.tips[popovers[0].tip] ?? input.file,
          message:
            "screen \(screen) has \(popovers.count) popover tips that can show: \(named.joined(separator: ", ")); it presents one popover at a time, so each waits until the one before it ends (rule 37)",
          fix: "show all but one inline (TipView), or put them in a TipGroup so their order is yours", subject: screen))
    }
    return found
  }

  private static func fix(_ code: TipAudit.Cause.Code) -> String {
    switch code {
    case .noDisplaySite: "display it with .popoverTip(tip), TipView(tip) or TipUIPopoverViewController(tip, sourceItem:), or remove it"
    case .eventNeverDonated: "donate the event where the user does the action"
    case .parameterNeverWritten, .valueNeverWritten: "write the value the rule needs where the app learns it, or change the rule"
    case .groupBlocked: "invalidate the blocking member when it no longer applies, or make the group firstAvailable"
    case .contradictoryRules: "remove or correct one of the contradicting rules"
    case .ownScreenDefeatsTip: "donate the event on the user's action instead of on appear, or change the rule"
    case .neverConfigured: "call try? Tips.configure() once at launch"
    case .beyondDonationLimit: "lower the count the rule needs, or keep more donations (DonationLimit, iOS 26)"
    }
  }
}
