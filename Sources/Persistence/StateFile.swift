import Foundation
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
    let document = Document(
      format: format, version: version,
      devices: world.datastores().map { name, store in Document.Device(name: name, datastore: Document.Store(store, at: world.clock)) })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Every value here encodes: a failure would be a bug, and writes nothing readable.
    let data = (try? encoder.encode(document)) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// Reads a state file: device name → datastore.
  public static func decode(_ data: Data, limits: (String) -> DonationLimit) -> Result<[(String, Datastore)], Problem> {
    let decoder = JSONDecoder()
    // The header first, so that another file or a later version says so rather than what
    // it lacks.
    guard let header = try? decoder.decode(Header.self, from: data) else {
      return .failure(Problem(message: "not a TipSim state file: the JSON is malformed or truncated"))
    }
    guard header.format == format else { return .failure(Problem(message: "not a TipSim state file (no \"format\": \"\(format)\")")) }
    guard let v = header.version else { return .failure(Problem(message: "the state file has no version")) }
    guard v <= version else {
      return .failure(Problem(message: "the state file is version \(v); this TipSim reads version \(version) and earlier"))
    }
    do {
      let document = try decoder.decode(Document.self, from: data)
      var result: [(String, Datastore)] = []
      for device in document.devices {
        switch device.datastore.datastore(limits: limits) {
        case .success(let store): result.append((device.name, store))
        case .failure(let problem): return .failure(Problem(message: "device \(device.name): \(problem.message)"))
        }
      }
      return .success(result)
    } catch let error as DecodingError {
      return .failure(Problem(message: describe(error)))
    } catch {
      return .failure(Problem(message: "the state file cannot be read"))
    }
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

  /// What is wrong, named by where it is: "tip t is malformed", "a donation of e is malformed".
  static func describe(_ error: DecodingError) -> String {
    let path: [any CodingKey]
    switch error {
    case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      path = context.codingPath
    @unknown default: path = []
    }
    // Where it is: [], then ["devices", 3], then [… "datastore"], then [… "tips", "t", …].
    let keys = path.map(\.stringValue)
    switch keys.count {
    case 0, 1: return "the state file has no devices"
    case 2: return "a device entry lacks its name or datastore"
    case 3: return "the datastore lacks tips, parameters or events"
    default:
      let (table, name) = (keys[3], keys.count > 4 ? keys[4] : "")
      switch table {
      case "tips": return "tip \(name) is malformed"
      case "parameters": return "parameter \(name) is malformed"
      case "events": return keys.count > 5 ? "a donation of \(name) is malformed" : "event \(name) is malformed"
      default: return "the datastore's \(table) is malformed"
      }
    }
  }

  struct Header: Decodable {
    var format: String?
    var version: Int?
  }
}
