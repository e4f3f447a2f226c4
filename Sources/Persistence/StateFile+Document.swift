import Foundation
import Simulation
import TipEngine

extension StateFile {
  /// The file's JSON, as Codable values: instants and durations are whole seconds, values
  /// objects of one member named by their type (`{"int": 3}`).
  struct Document: Codable {
    var format: String
    var version: Int
    var devices: [Device]

    struct Device: Codable {
      var name: String
      var datastore: Store
    }

    struct Store: Codable {
      var tips: [String: Tip]
      var parameters: [String: Parameter]
      var events: [String: [Donation]]
      var intervalStart: Int64?
      var intervalStartedBy: String?
    }

    struct Tip: Codable {
      var invalidation: InvalidationReason?
      var invalidatedAt: Int64?
      var displayCount: Int
      var firstDisplayedAt: Int64?
      var lastDisplayedAt: Int64?
      var displaySeconds: Int64?
      var displayCountBaseline: Int?
      var displaySecondsBaseline: Int64?
      var modifiedAt: Int64?
      var changes: Int?
    }

    struct Parameter: Codable {
      var value: StoredValue
      var setAt: Int64
    }

    struct Donation: Codable {
      var at: Int64
      var fields: [String: StoredValue]
    }
  }

  /// A `Value` as one member named by its type.
  struct StoredValue: Codable {
    var value: Value

    init(_ value: Value) { self.value = value }

    enum CodingKeys: String, CodingKey {
      case bool, int, double, string
      /// `{"null": true}`: an optional parameter's `nil`.
      case null
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      guard container.allKeys.count == 1, let key = container.allKeys.first else {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a value has one member"))
      }
      switch key {
      case .bool: value = .bool(try container.decode(Bool.self, forKey: key))
      case .int: value = .int(try container.decode(Int.self, forKey: key))
      case .double: value = .double(try container.decode(Double.self, forKey: key))
      case .string: value = .string(try container.decode(String.self, forKey: key))
      case .null: value = .null
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      switch value {
      case .bool(let b): try container.encode(b, forKey: .bool)
      case .int(let i): try container.encode(i, forKey: .int)
      case .double(let d): try container.encode(d, forKey: .double)
      case .string(let s): try container.encode(s, forKey: .string)
      case .null: try container.encode(true, forKey: .null)
      }
    }
  }
}

extension StateFile.Document.Store {
  /// A datastore as saved at `now`: a display in progress is saved as ended now, since no
  /// screen is open when state loads.
  init(_ store: Datastore, at now: Instant) {
    tips = store.tips.keys.reduce(into: [:]) { tips, id in
      guard let r = store.tips[id] else { return }
      tips[id] = StateFile.Document.Tip(
        invalidation: r.invalidation, invalidatedAt: r.invalidatedAt?.seconds, displayCount: r.displayCount,
        firstDisplayedAt: r.firstDisplayedAt?.seconds, lastDisplayedAt: r.lastDisplayedAt?.seconds,
        displaySeconds: r.displayTime(at: now).seconds, displayCountBaseline: r.displayCountBaseline,
        displaySecondsBaseline: r.displayTimeBaseline.seconds, modifiedAt: r.modifiedAt?.seconds, changes: r.version)
    }
    parameters = store.parameters.keys.reduce(into: [:]) { parameters, name in
      guard let p = store.parameters[name] else { return }
      parameters[name] = StateFile.Document.Parameter(value: StateFile.StoredValue(p.value), setAt: p.setAt.seconds)
    }
    events = store.events.keys.reduce(into: [:]) { events, id in
      events[id] = store.events[id]?.donations.map { d in
        StateFile.Document.Donation(at: d.instant.seconds, fields: d.fields.mapValues(StateFile.StoredValue.init))
      }
    }
    intervalStart = store.intervalStart?.seconds
    intervalStartedBy = store.intervalStartedBy
  }

  /// The datastore it describes; donations beyond an event's limit are dropped as they load.
  func datastore(limits: (String) -> DonationLimit) -> Result<Datastore, StateFile.Problem> {
    var store = Datastore()
    // In name order: where a record is kept must not depend on the hash seed.
    for (id, t) in tips.sorted(by: { $0.key < $1.key }) {
      guard t.displayCount >= 0 else { return .failure(StateFile.Problem(message: "tip \(id) is malformed")) }
      var r = TipRecord()
      r.invalidation = t.invalidation
      r.invalidatedAt = t.invalidatedAt.map(Instant.init(seconds:))
      r.displayCount = t.displayCount
      r.firstDisplayedAt = t.firstDisplayedAt.map(Instant.init(seconds:))
      r.lastDisplayedAt = t.lastDisplayedAt.map(Instant.init(seconds:))
      r.closedDisplayTime = TimeSpan(seconds: t.displaySeconds ?? 0)
      r.displayCountBaseline = t.displayCountBaseline ?? 0
      r.displayTimeBaseline = TimeSpan(seconds: t.displaySecondsBaseline ?? 0)
      r.modifiedAt = t.modifiedAt.map(Instant.init(seconds:))
      r.version = t.changes ?? 0
      store.tips[id] = r
    }
    for (name, p) in parameters.sorted(by: { $0.key < $1.key }) {
      store.parameters[name] = ParameterRecord(value: p.value.value, setAt: Instant(seconds: p.setAt))
    }
    for (id, donations) in events.sorted(by: { $0.key < $1.key }) {
      var log = DonationLog()
      for d in donations {
        log.append(Donation(instant: Instant(seconds: d.at), fields: d.fields.mapValues(\.value)), limit: limits(id))
      }
      store.events[id] = log
    }
    store.intervalStart = intervalStart.map(Instant.init(seconds:))
    store.intervalStartedBy = intervalStartedBy
    return .success(store)
  }
}
