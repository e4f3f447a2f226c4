/// A tip as the app's code declares it (spec rule 1).
package struct TipDefinition: Hashable, Sendable {
  /// The name the scenario uses for the tip.
  package var name: String
  /// The persisted id; two tips with the same id share all persisted state (rule 1).
  package var id: String
  package var title: String
  package var message: String?
  package var imageName: String?
  package var actions: [TipAction]
  /// ANDed (rule 19).
  package var rules: [Expression]
  package var options: TipOptions

  package init(
    name: String, id: String? = nil, title: String, message: String? = nil, imageName: String? = nil,
    actions: [TipAction] = [], rules: [Expression] = [], options: TipOptions = TipOptions()
  ) {
    self.name = name
    self.id = id ?? name
    self.title = title
    self.message = message
    self.imageName = imageName
    self.actions = actions
    self.rules = rules
    self.options = options
  }
}

/// A button on a tip. Tapping it does not invalidate the tip by itself (rule 8).
package struct TipAction: Hashable, Sendable {
  /// The action's id; an action declared without one gets its index (rule 8).
  package var id: String
  package var title: String

  package init(id: String, title: String) {
    self.id = id
    self.title = title
  }
}

/// `Tips.MaxDisplayCount`, `Tips.IgnoresDisplayFrequency`, `Tips.MaxDisplayDuration`
/// (spec rules 21–24).
package struct TipOptions: Hashable, Sendable {
  package var maxDisplayCount: Int?
  package var ignoresDisplayFrequency: Bool
  package var maxDisplayDuration: TimeSpan?

  package init(maxDisplayCount: Int? = nil, ignoresDisplayFrequency: Bool = false, maxDisplayDuration: TimeSpan? = nil) {
    self.maxDisplayCount = maxDisplayCount
    self.ignoresDisplayFrequency = ignoresDisplayFrequency
    self.maxDisplayDuration = maxDisplayDuration
  }
}

/// A `@Parameter` (spec section 2).
package struct ParameterDefinition: Hashable, Sendable {
  package var name: String
  package var defaultValue: Value
  /// Reset to the default on each launch (rule 10).
  package var isTransient: Bool
  /// The external key this parameter mirrors (`defaults.showMemoTip`), so that explanations
  /// can name where a value came from. The engine itself never reads the store.
  package var boundTo: String?

  package init(name: String, defaultValue: Value, isTransient: Bool = false, boundTo: String? = nil) {
    self.name = name
    self.defaultValue = defaultValue
    self.isTransient = isTransient
    self.boundTo = boundTo
  }

  package var type: ValueType { defaultValue.type }
}

/// A `Tips.Event` (spec section 3): keyed by id only, one donation log per id (rule 14).
package struct EventDefinition: Hashable, Sendable {
  package var id: String
  /// The fields a donation of this event may carry.
  package var fields: [String]
  package var limit: DonationLimit

  package init(id: String, fields: [String] = [], limit: DonationLimit = DonationLimit()) {
    self.id = id
    self.fields = fields
    self.limit = limit
  }
}

/// `DonationLimit(maximumCount:maximumAge:)` (rule 18): what is stored and what rules see.
package struct DonationLimit: Hashable, Sendable {
  /// By default rules see the most recent 1000 donations (rule 18).
  package static let defaultMaximumCount = 1000

  package var maximumCount: Int
  package var maximumAge: TimeSpan?

  package init(maximumCount: Int = DonationLimit.defaultMaximumCount, maximumAge: TimeSpan? = nil) {
    self.maximumCount = maximumCount
    self.maximumAge = maximumAge
  }
}

/// A `TipGroup` (spec section 7).
package struct TipGroup: Hashable, Sendable {
  package enum Priority: String, Hashable, Sendable, CaseIterable {
    /// The first available member is current (rule 30).
    case firstAvailable
    /// The first member that is not invalidated is current, if available (rule 31).
    case ordered
  }

  package var name: String
  package var priority: Priority
  /// Tip names, in the group's order.
  package var members: [String]

  package init(name: String, priority: Priority = .firstAvailable, members: [String]) {
    self.name = name
    self.priority = priority
    self.members = members
  }
}
