extension Datastore {
  /// What a device holds after receiving another device's datastore through iCloud (spec
  /// rule 39): each tip record from the device that changed it last (last writer wins; at
  /// the same instant, the record with more changes), the donations of both without counting
  /// a synced donation twice, the later display-frequency interval, and with
  /// `parameters` (policy `syncParameters`, default on) each parameter's later write.
  public func merged(with remote: Datastore, parameters: Bool = true, limits: (String) -> DonationLimit) -> Datastore {
    var result = self
    for (id, theirs) in remote.tips {
      guard let ours = tips[id] else {
        result.tips[id] = theirs
        continue
      }
      let theirClock = (theirs.modifiedAt ?? Instant(seconds: .min), theirs.version)
      let ourClock = (ours.modifiedAt ?? Instant(seconds: .min), ours.version)
      if theirClock.0 > ourClock.0 || (theirClock.0 == ourClock.0 && theirClock.1 > ourClock.1) {
        // A display in progress belongs to the device showing it.
        var adopted = theirs
        adopted.displayStartedAt = ours.displayStartedAt
        result.tips[id] = adopted
      }
    }
    for (event, theirs) in remote.events {
      result.events[event, default: DonationLog()].merge(theirs, limit: limits(event))
    }
    if parameters {
      for (name, theirs) in remote.parameters where result.parameters[name].map({ theirs.setAt > $0.setAt }) ?? true {
        result.parameters[name] = theirs
      }
    }
    if let start = remote.intervalStart, start > (intervalStart ?? Instant(seconds: .min)) {
      result.intervalStart = start
      result.intervalStartedBy = remote.intervalStartedBy
    }
    return result
  }
}

extension DonationLog {
  /// Adds the other log's donations that this one lacks; a donation present on both sides (a
  /// synced copy) is kept once.
  public mutating func merge(_ other: DonationLog, limit: DonationLimit) {
    var have: [Donation: Int] = [:]
    for donation in donations { have[donation, default: 0] += 1 }
    for donation in other.donations {
      if let count = have[donation], count > 0 {
        have[donation] = count - 1
      } else {
        append(donation, limit: limit)
      }
    }
  }
}
