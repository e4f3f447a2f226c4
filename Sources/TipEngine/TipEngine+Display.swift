extension TipEngine {
  /// What the start of a display did to the datastore.
  public struct DisplayStart: Hashable, Sendable {
    /// The tip's display count after this display (`display 2 of 5`).
    public var number: Int
    public var maximum: Int?
    /// Whether the display counted as a new appearance (rule 21, `countPolicy`).
    public var counted: Bool
    /// Shown only because of a testing show-override (rule 28 excludes it from cool-downs).
    public var forced: Bool
    /// Whether this display (re)started the display-frequency interval (rule 28).
    public var startedInterval: Bool
    /// `countInvalidation atDisplay`: invalidated as this display starts (rule 22).
    public var invalidatedAtStart: Bool
  }

  /// Records that a tip has appeared on screen (rules 21, 22, 27, 28). `counts` is false when
  /// the presentation layer resumes a display that does not count again (policy
  /// `perScreenOpen`).
  public mutating func beginDisplay(of tipName: String, at now: Instant, counts: Bool = true) -> DisplayStart {
    // Only a show-override forces a display: without testing overrides no decision is needed.
    let forced: Bool
    if configuration.testing.isEmpty {
      forced = false
    } else {
      let decision = decision(for: tipName, at: now)
      forced = decision.override?.shows == true && decision.storedStatus != .available
    }
    let before = record(of: tipName)
    let maximum = catalog.tip(named: tipName)?.options.maxDisplayCount
    var startsInterval = false
    if !forced && configuration.frequency != .immediate && (counts || !before.hasAppeared) {
      switch configuration.policies.cooldownStart {
      case .firstAppearance: startsInterval = !before.hasAppeared
      case .anyAppearance: startsInterval = true
      }
    }
    let counted = counts || !before.hasAppeared
    updateRecord(of: tipName, at: now) {
      if counted {
        $0.displayCount += 1
        $0.firstDisplayedAt = $0.firstDisplayedAt ?? now
        $0.lastDisplayedAt = now
      }
      $0.displayStartedAt = now
    }
    if startsInterval {
      datastore.intervalStart = now
      datastore.intervalStartedBy = tipName
    }
    var invalidatedAtStart = false
    if configuration.policies.countInvalidation == .atDisplay, let maximum,
      record(of: tipName).countedDisplays >= maximum, record(of: tipName).invalidation == nil
    {
      updateRecord(of: tipName, at: now) {
        $0.invalidation = .displayCountExceeded
        $0.invalidatedAt = now
      }
      invalidatedAtStart = true
    }
    return DisplayStart(
      number: record(of: tipName).displayCount, maximum: maximum, counted: counted, forced: forced,
      startedInterval: startsInterval, invalidatedAtStart: invalidatedAtStart)
  }

  /// Records that a display has ended, adding its on-screen time (rule 24). Under
  /// `countInvalidation afterDisplay` the n-th display invalidates the tip as it ends
  /// (rules 21, 22); the reason is returned when that happens.
  public mutating func endDisplay(of tipName: String, at now: Instant) -> InvalidationReason? {
    guard let start = record(of: tipName).displayStartedAt else { return nil }
    updateRecord(of: tipName, at: now) {
      $0.closedDisplayTime = $0.closedDisplayTime + (now > start ? now - start : .zero)
      $0.displayStartedAt = nil
    }
    let record = record(of: tipName)
    if configuration.policies.countInvalidation == .afterDisplay, record.invalidation == nil,
      let maximum = catalog.tip(named: tipName)?.options.maxDisplayCount, record.countedDisplays >= maximum
    {
      updateRecord(of: tipName, at: now) {
        $0.invalidation = .displayCountExceeded
        $0.invalidatedAt = now
      }
      return .displayCountExceeded
    }
    return nil
  }

  /// The instant at which a tip on screen reaches its `MaxDisplayDuration`, counting on-screen
  /// time across displays and launches, never before 60 s (rule 24, policy `durationFloor`).
  /// Nil on iOS 17, which has no `MaxDisplayDuration` (rule 44).
  public func durationLimitInstant(of tipName: String) -> Instant? {
    guard configuration.tipKit.offers(.maxDisplayDuration), let limit = catalog.tip(named: tipName)?.options.maxDisplayDuration else {
      return nil
    }
    let record = record(of: tipName)
    guard record.invalidation == nil, let start = record.displayStartedAt else { return nil }
    let floor = TimeSpan.seconds(60)
    let usedBefore = record.closedDisplayTime - record.displayTimeBaseline
    switch configuration.policies.durationFloor {
    case .total:
      return start + (max(limit, floor) - usedBefore)
    case .perDisplay:
      return max(start + (limit - usedBefore), start + floor)
    }
  }

  /// A tip the passage of time invalidated.
  public struct TimedInvalidation: Hashable, Sendable {
    public var tip: String
    public var reason: InvalidationReason
    public var at: Instant

    public init(tip: String, reason: InvalidationReason, at: Instant) {
      self.tip = tip
      self.reason = reason
      self.at = at
    }
  }

  /// Applies what time alone does up to `now`: tips on screen whose duration limit has been
  /// reached are invalidated at that exact instant (rule 24).
  public mutating func settle(at now: Instant) -> [TimedInvalidation] {
    var done: [TimedInvalidation] = []
    for tip in catalog.durationLimitedTips {
      guard let instant = durationLimitInstant(of: tip), instant <= now else { continue }
      updateRecord(of: tip, at: instant) {
        $0.invalidation = .displayDurationExceeded
        $0.invalidatedAt = instant
      }
      done.append(TimedInvalidation(tip: tip, reason: .displayDurationExceeded, at: instant))
    }
    return done
  }
}
