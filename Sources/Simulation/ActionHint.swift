import TipEngine

/// An action that could change a tip's answer when time alone cannot (rule 43): the facts,
/// which the renderers word as commands.
public enum ActionHint: Hashable, Sendable {
  case launch
  case testingOff
  case resetEligibility(tip: String)
  /// A rule reads a parameter bound to this store key.
  case write(StoreKey)
  case set(parameter: String)
  case donate(event: String)
  /// `Event.deleteDonations()` (iOS 26): a count that must shrink.
  case deleteDonations(event: String)
  /// Nothing the app does helps short of erasing the datastore.
  case resetDatastore
  /// The app is not running: erasing the datastore now (`reset`) ends an invalidation.
  case reset
  /// The tip that leads the group (or blocks it) must leave: invalidating it does.
  case leaveGroupLead(tip: String)
  /// Another popover holds the screen's slot.
  case closePopover(tip: String)
  /// The tip was tapped away on its screen (nil: it has none): close it and open it again.
  case reopen(screen: String?)
  case open(screen: String)
  /// The tip has no anchor.
  case giveAnchor(tip: String)
  case show(anchor: String)
  /// The app shows the anchor only while an app condition has this value.
  case setCondition(String, to: Bool)
  /// One of the app's actions writes a parameter or donates an event a rule reads.
  case perform(action: String)
  /// The app's `isPresented` binding keeps the tip off screen.
  case present(tip: String)
}
