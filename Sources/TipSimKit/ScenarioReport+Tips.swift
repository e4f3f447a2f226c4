import Foundation
import Renderers
import Simulation
import TipEngine

extension ScenarioReport {
  /// When `tip` first appeared on screen, or nil if it never did.
  public func firstDisplay(of tip: String) -> Date? {
    displayInstants(of: tip).first.map(\.date)
  }

  /// Every instant `tip` appeared on screen, in order, counted or not (a reappearance under
  /// `policy countPolicy perScreenOpen` is one), on every device.
  public func displays(of tip: String) -> [Date] {
    displayInstants(of: tip).map(\.date)
  }

  /// The tip's `Tips.Status` when the replay ended, or nil if no tip has that name.
  public func status(of tip: String) -> TipStatus? {
    let world = run.session.world
    guard world.engine.catalog.tip(named: tip) != nil else { return nil }
    return world.engine.decision(for: tip, at: world.clock).status
  }

  /// What kept `tip` off screen when the replay ended: empty when it is on screen or no tip
  /// has that name.
  public func reasons(for tip: String) -> [SuppressionReason] {
    let world = run.session.world
    guard world.engine.catalog.tip(named: tip) != nil else { return [] }
    return world.currentSuppressions(of: tip).words.compactMap(SuppressionReason.init(rawValue:))
  }

  /// `why TIP` when the replay ended, as the shell prints it; nil if no tip has that name.
  public func explanation(of tip: String) -> String? {
    let world = run.session.world
    guard world.engine.catalog.tip(named: tip) != nil else { return nil }
    return TextRenderer(timeZone: world.timeZone).render(LogRecord(instant: world.clock, event: .explanation(world.explain(tip))))
  }

  private func displayInstants(of tip: String) -> [Instant] {
    run.session.records.compactMap { record in
      guard case .shown(let shown) = record.event, shown.ref.tip == tip else { return nil }
      return record.instant
    }
  }
}
