/// A tip as the app's code declares it (spec rule 1).
public struct TipDefinition: Hashable, Sendable {
  /// The name the scenario uses for the tip.
  public var name: String
  /// The persisted id; two tips with the same id share all persisted state (rule 1).
  public var id: String
  public var title: String
  public var message: String?
  public var imageName: String?
  public var actions: [TipAction]
  /// ANDed (rule 19).
  public var rules: [Expression]
  public var options: TipOptions

  public init(
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
public struct TipAction: Hashable, Sendable {
  /// The action's id; an action declared without one gets its index (rule 8).
  public var id: String
  public var title: String

  public init(id: String, title: String) {
    self.id = id
    self.title = title
  }
}

/// `Tips.MaxDisplayCount`, `Tips.IgnoresDisplayFrequency`, `Tips.MaxDisplayDuration`
/// (spec rules 21–24).
public struct TipOptions: Hashable, Sendable {
  public var maxDisplayCount: Int?
  public var ignoresDisplayFrequency: Bool
  public var maxDisplayDuration: TimeSpan?

  public init(maxDisplayCount: Int? = nil, ignoresDisplayFrequency: Bool = false, maxDisplayDuration: TimeSpan? = nil) {
    self.maxDisplayCount = maxDisplayCount
    self.ignoresDisplayFrequency = ignoresDisplayFrequency
    self.maxDisplayDuration = maxDisplayDuration
  }
}
