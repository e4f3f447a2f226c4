import Foundation
import Renderers
import Simulation
import TipEngine

/// `save-state` / `load-state` and `tipsim run --state`: every device's TipKit datastore
/// (tips, parameters, donations, the frequency interval) as versioned JSON, written
/// atomically (a temporary file, then a rename). A file that is corrupted, truncated or from a
/// future version is refused with a clear error and never overwritten.
public enum StateFile {
  public static let format = "tipsim-state"
  public static let version = 1

  public struct Problem: Error, Sendable {
    public var message: String
  }

  /// The state of every device of `world` as JSON text.
  public static func encode(_ world: World) -> String {
    var root = JSONObject()
    root["format"] = .string(format)
    root["version"] = .int(version)
    root["devices"] = .array(
      world.datastores().map { name, store in
        var device = JSONObject()
        device["name"] = .string(name)
        device["datastore"] = .object(encode(store, at: world.clock))
        return .object(device)
      })
    return JSONValue.object(root).serialized + "\n"
  }

  static func encode(_ store: Datastore, at now: Instant) -> JSONObject {
    var o = JSONObject()
    var tips = JSONObject()
    for id in store.tips.keys.sorted() {
      guard let r = store.tips[id] else { continue }
      var t = JSONObject()
      t["invalidation"] = r.invalidation.map { .string($0.rawValue) } ?? .null
      t["invalidatedAt"] = r.invalidatedAt.map { .int(Int($0.seconds)) } ?? .null
      t["displayCount"] = .int(r.displayCount)
      t["firstDisplayedAt"] = r.firstDisplayedAt.map { .int(Int($0.seconds)) } ?? .null
      t["lastDisplayedAt"] = r.lastDisplayedAt.map { .int(Int($0.seconds)) } ?? .null
      // A display in progress is saved as ended now: no screen is open when state loads.
      t["displaySeconds"] = .int(Int(r.displayTime(at: now).seconds))
      t["displayCountBaseline"] = .int(r.displayCountBaseline)
      t["displaySecondsBaseline"] = .int(Int(r.displayTimeBaseline.seconds))
      t["modifiedAt"] = r.modifiedAt.map { .int(Int($0.seconds)) } ?? .null
      t["changes"] = .int(r.version)
      tips[id] = .object(t)
    }
    o["tips"] = .object(tips)
    var parameters = JSONObject()
    for name in store.parameters.keys.sorted() {
      guard let p = store.parameters[name] else { continue }
      var j = JSONObject()
      j["value"] = encode(p.value)
      j["setAt"] = .int(Int(p.setAt.seconds))
      parameters[name] = .object(j)
    }
    o["parameters"] = .object(parameters)
    var events = JSONObject()
    for id in store.events.keys.sorted() {
      guard let log = store.events[id] else { continue }
      events[id] = .array(
        log.donations.map { d in
          var j = JSONObject()
          j["at"] = .int(Int(d.instant.seconds))
          var fields = JSONObject()
          for key in d.fields.keys.sorted() { fields[key] = d.fields[key].map(encode) }
          j["fields"] = .object(fields)
          return .object(j)
        })
    }
    o["events"] = .object(events)
    o["intervalStart"] = store.intervalStart.map { .int(Int($0.seconds)) } ?? .null
    o["intervalStartedBy"] = store.intervalStartedBy.map(JSONValue.string) ?? .null
    return o
  }

  static func encode(_ value: Value) -> JSONValue {
    var o = JSONObject()
    switch value {
    case .bool(let b): o["bool"] = .bool(b)
    case .int(let i): o["int"] = .int(i)
    case .double(let d): o["double"] = .double(d)
    case .string(let s): o["string"] = .string(s)
    }
    return .object(o)
  }

  /// Reads a state file: device name → datastore.
  public static func decode(_ data: Data, limits: (String) -> DonationLimit) -> Result<[(String, Datastore)], Problem> {
    guard let object = try? JSONSerialization.jsonObject(with: data), let root = object as? [String: Any] else {
      return .failure(Problem(message: "not a TipSim state file: the JSON is malformed or truncated"))
    }
    guard root["format"] as? String == format else {
      return .failure(Problem(message: "not a TipSim state file (no \"format\": \"\(format)\")"))
    }
    guard let v = root["version"] as? Int else { return .failure(Problem(message: "the state file has no version")) }
    guard v <= version else {
      return .failure(Problem(message: "the state file is version \(v); this TipSim reads version \(version) and earlier"))
    }
    guard let devices = root["devices"] as? [[String: Any]] else { return .failure(Problem(message: "the state file has no devices")) }
    var result: [(String, Datastore)] = []
    for device in devices {
      guard let name = device["name"] as? String, let store = device["datastore"] as? [String: Any] else {
        return .failure(Problem(message: "a device entry lacks its name or datastore"))
      }
      switch decodeStore(store, limits: limits) {
      case .success(let s): result.append((name, s))
      case .failure(let p): return .failure(Problem(message: "device \(name): \(p.message)"))
      }
    }
    return .success(result)
  }

  static func instant(_ any: Any?) -> Instant? { (any as? Int).map { Instant(seconds: Int64($0)) } }

  static func value(_ any: Any?) -> Value? {
    guard let o = any as? [String: Any], o.count == 1 else { return nil }
    if let b = o["bool"] as? Bool { return .bool(b) }
    if let s = o["string"] as? String { return .string(s) }
    if let n = o["int"] as? NSNumber { return .int(n.intValue) }
    if let n = o["double"] as? NSNumber { return .double(n.doubleValue) }
    return nil
  }

  static func decodeStore(_ o: [String: Any], limits: (String) -> DonationLimit) -> Result<Datastore, Problem> {
    var store = Datastore()
    guard let tips = o["tips"] as? [String: Any], let parameters = o["parameters"] as? [String: Any],
      let events = o["events"] as? [String: Any]
    else { return .failure(Problem(message: "the datastore lacks tips, parameters or events")) }
    for (id, any) in tips {
      guard let t = any as? [String: Any], let count = t["displayCount"] as? Int, count >= 0 else {
        return .failure(Problem(message: "tip \(id) is malformed"))
      }
      var r = TipRecord()
      if let reason = t["invalidation"] as? String {
        guard let parsed = InvalidationReason(rawValue: reason) else {
          return .failure(Problem(message: "tip \(id): unknown invalidation \(reason)"))
        }
        r.invalidation = parsed
      }
      r.invalidatedAt = instant(t["invalidatedAt"])
      r.displayCount = count
      r.firstDisplayedAt = instant(t["firstDisplayedAt"])
      r.lastDisplayedAt = instant(t["lastDisplayedAt"])
      r.closedDisplayTime = TimeSpan(seconds: Int64(t["displaySeconds"] as? Int ?? 0))
      r.displayCountBaseline = t["displayCountBaseline"] as? Int ?? 0
      r.displayTimeBaseline = TimeSpan(seconds: Int64(t["displaySecondsBaseline"] as? Int ?? 0))
      r.modifiedAt = instant(t["modifiedAt"])
      r.version = t["changes"] as? Int ?? 0
      store.tips[id] = r
    }
    for (name, any) in parameters {
      guard let p = any as? [String: Any], let v = value(p["value"]), let at = instant(p["setAt"]) else {
        return .failure(Problem(message: "parameter \(name) is malformed"))
      }
      store.parameters[name] = ParameterRecord(value: v, setAt: at)
    }
    for (id, any) in events {
      guard let list = any as? [[String: Any]] else { return .failure(Problem(message: "event \(id) is malformed")) }
      var log = DonationLog()
      for d in list {
        guard let at = instant(d["at"]), let fields = d["fields"] as? [String: Any] else {
          return .failure(Problem(message: "a donation of \(id) is malformed"))
        }
        var values: [String: Value] = [:]
        for (key, raw) in fields {
          guard let v = value(raw) else { return .failure(Problem(message: "a donation of \(id) has a malformed field \(key)")) }
          values[key] = v
        }
        log.append(Donation(instant: at, fields: values), limit: limits(id))
      }
      store.events[id] = log
    }
    store.intervalStart = instant(o["intervalStart"])
    store.intervalStartedBy = o["intervalStartedBy"] as? String
    return .success(store)
  }

  /// Writes atomically: the old file stays whole until the new one is complete.
  public static func write(_ text: String, to path: String) -> Result<Void, Problem> {
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return .success(())
    } catch {
      return .failure(Problem(message: "cannot write \(path): \(error.localizedDescription)"))
    }
  }
}
