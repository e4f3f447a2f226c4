import Simulation
import TipEngine

/// Renders `why TIP` (spec rule 43): every rule with its values, every gate, the policies
/// that applied, and when the answer could change.
public struct ExplanationRenderer {
  let wording: Wording
  let style: TextStyle

  public init(wording: Wording, style: TextStyle = .plain) {
    self.wording = wording
    self.style = style
  }

  public func lines(_ e: Explanation) -> [String] {
    let r = wording
    var out: [String] = []
    let decision = e.decision
    let idNote = e.id == e.tip ? "" : " (id \(e.id))"
    var headline = "\(style.bold(e.tip)) \"\(e.title)\"\(idNote): \(decision.status)"
    if e.onScreen, let placement = e.placement { headline += ", on screen at \(r.place(placement))" } else { headline += ", not on screen" }
    out.append(headline)

    if decision.rules.isEmpty {
      out.append("  rules: none — eligible as soon as TipKit is configured (rule 19)")
    } else {
      out.append("  rules (all must hold, rule 19):")
      for rule in decision.rules {
        // The team's names for what it reads (`label "…"`), after the rule.
        let named = (rule.rule.aggregates.map(\.event) + rule.rule.parameterNames).compactMap { name in
          e.labels[name].map { "\(name): “\($0)”" }
        }
        out.append(
          "    \(rule.holds ? "✓" : "✗") \(rule.rule)"
            + (named.isEmpty ? "" : "  (" + Array(Set(named)).sorted().joined(separator: ", ") + ")"))
        for reading in rule.readings { out.append("        \(r.describe(reading))") }
      }
    }
    for effect in e.reactionEffects {
      switch effect.kind {
      case .invalidated: out.append("  invalidated by the reaction of \(effect.place)")
      case .set: out.append("  \(effect.subject) was last set by the reaction of \(effect.place)")
      case .donated: out.append("  \(effect.subject) was last donated by the reaction of \(effect.place)")
      }
    }
    for binding in e.bindings {
      let value = binding.storeValue.map(\.description) ?? "no value"
      out.append("  bound parameter: \(binding.parameter) mirrors \(binding.key), which holds \(value)")
    }

    out.append("  gates:")
    if case .invalidated(let reason) = decision.storedStatus {
      let masked =
        decision.override?.shows == true ? " — masked by \(decision.override?.rawValue ?? "") while it is in force (rule 33)" : ""
      out.append("    invalidation: \(reason.rawValue)\(masked)")
    } else {
      out.append("    invalidation: none")
    }
    out.append("    frequency: " + frequencyLine(e))
    let countLine = e.maximumDisplays.map { "\(e.displays) of \($0) (MaxDisplayCount, rule 21)" } ?? "\(e.displays) (no MaxDisplayCount)"
    out.append("    displays: \(countLine)")
    if let maximum = e.maximumDuration {
      var line = "    on-screen time: \(e.displayTime) of \(maximum) (MaxDisplayDuration, rule 24)"
      if let at = e.durationLimitAt { line += "; reached at \(r.stamp(at)) if it stays on screen" }
      out.append(line)
    }
    out.append("    testing override: " + (decision.override.map { "\($0.rawValue) (rule 33)" } ?? "none"))
    for group in e.groups {
      let current = group.current.map { "current tip \($0)" } ?? (group.blockedBy.map { "blocked by \($0)" } ?? "no current tip")
      out.append("    group \(group.name) (\(group.priority.rawValue)): \(current)")
    }
    if !e.runsWithout.isEmpty {
      let apis = e.runsWithout.map { "\($0.rawValue) (iOS \($0.since.rawValue))" }.joined(separator: ", ")
      out.append("    runs without: \(apis), which iOS \(e.os) lacks (rule 44)")
    }
    if !decision.holds.isEmpty || !e.presentation.isEmpty {
      out.append("  held back by:")
      for hold in decision.holds { out += r.describe(hold).map { "    " + $0 } }
      for reason in e.presentation { out += r.describe(reason).map { "    " + $0 } }
    }
    if !e.policies.isEmpty {
      out.append("  policies: " + e.policies.map { "\($0.name) \($0.value) (rule \($0.rule))" }.joined(separator: ", "))
    }
    if let next = e.nextChange {
      out.append("  next change by time alone: \(r.stamp(next.at)) → \(next.status)")
    } else {
      out.append("  no passage of time alone changes its status")
    }
    if let why = e.neverAvailable {
      out.append("  no action makes it available either: \(why)")
    } else if !e.actions.isEmpty && (e.nextChange == nil || decision.status != .available) {
      out.append("  actions that could: " + r.describe(e.actions))
    }
    return out
  }

  private func frequencyLine(_ e: Explanation) -> String {
    if e.frequency == .immediate { return "immediate — no interval (rule 26)" }
    if e.ignoresDisplayFrequency { return "\(e.frequency.rawValue), ignored by this tip (IgnoresDisplayFrequency, rule 23)" }
    if !e.frequencyApplies { return "\(e.frequency.rawValue), does not apply: the tip has appeared before (rule 27)" }
    for case .frequency(let f) in e.decision.holds {
      return
        "\(f.frequency.rawValue), holds it until \(wording.stamp(f.intervalEnd)) (interval started \(wording.stamp(f.intervalStart))\(f.startedBy.map { " by \($0)" } ?? ""))"
    }
    return "\(e.frequency.rawValue), no interval in force"
  }
}
