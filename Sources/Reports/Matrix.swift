import Renderers
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// `matrix os VERSION...`: the session replayed once per OS version, and for each tip what
/// the user saw there — so a team sees before release which users never see the tip.
public struct Matrix {
  public var versions: [OSVersion]
  public var session: Session

  public init(versions: [OSVersion], session: Session) {
    self.versions = versions
    self.session = session
  }

  /// One tip on one OS version.
  public struct Cell: Hashable, Sendable {
    public var displays: Int
    /// The worst rendering among its displays.
    public var rendering: Rendering

    public var text: String {
      guard displays > 0 else { return "never shown" }
      let what =
        switch rendering {
        case .rendered: "rendered"
        case .notRendered: "NOT rendered"
        case .styleFallback: "default look"
        case .arrowColorMismatch: "arrow colour"
        }
      return "\(what) ×\(displays)"
    }
  }

  static func severity(_ r: Rendering) -> Int {
    switch r {
    case .rendered: 0
    case .arrowColorMismatch: 1
    case .styleFallback: 2
    case .notRendered: 3
    }
  }

  /// Replays the session on one OS version.
  public func replay(on version: OSVersion) -> Result<Session, Diagnostic> {
    Session.replay([.synthetic(.overrideOS(version), text: "matrix os \(version)")] + session.history)
  }

  /// Tip → one cell per version.
  public func cells() -> Result<[String: [Cell]], Diagnostic> { table().map(\.cells) }

  /// The cells, and per version the APIs the app uses that the OS lacks, with their users
  /// (rule 44: why a version differs).
  struct Table {
    var cells: [String: [Cell]]
    var missing: [[(api: TipKitAPI, users: [String])]]
  }

  func table() -> Result<Table, Diagnostic> {
    var table: [String: [Cell]] = [:]
    var missing: [[(api: TipKitAPI, users: [String])]] = []
    for tip in session.world.engine.catalog.tips { table[tip.name] = [] }
    for version in versions {
      let replayed: Session
      switch replay(on: version) {
      case .success(let s): replayed = s
      case .failure(let d): return .failure(d)
      }
      var cells: [String: Cell] = [:]
      var lacking: [(api: TipKitAPI, users: [String])] = []
      for record in replayed.records {
        if case .warning(.apiUnavailable(let api, _, let users)) = record.event {
          if let i = lacking.firstIndex(where: { $0.api == api }) {
            lacking[i].users += users.filter { !lacking[i].users.contains($0) }
          } else {
            lacking.append((api, users))
          }
        }
        guard case .shown(let shown) = record.event else { continue }
        var cell = cells[shown.ref.tip] ?? Cell(displays: 0, rendering: .rendered)
        cell.displays += 1
        if Matrix.severity(shown.rendering) > Matrix.severity(cell.rendering) { cell.rendering = shown.rendering }
        cells[shown.ref.tip] = cell
      }
      for tip in table.keys { table[tip, default: []].append(cells[tip] ?? Cell(displays: 0, rendering: .rendered)) }
      missing.append(lacking)
    }
    return .success(Table(cells: table, missing: missing))
  }

  public func report() -> String {
    let table: [String: [Cell]]
    let missing: [[(api: TipKitAPI, users: [String])]]
    switch self.table() {
    case .success(let t): (table, missing) = (t.cells, t.missing)
    case .failure(let d): return "matrix: the session does not replay: \(d.message) (line \(d.location.line))"
    }
    let tips = session.world.engine.catalog.tips.map(\.name)
    let nameWidth = max(3, tips.map(\.displayWidth).max() ?? 3) + 2
    let cellWidth = table.values.flatMap { $0.map(\.text.count) }.max() ?? 0
    let columnWidth = max(cellWidth, versions.map { "iOS \($0)".count }.max() ?? 0) + 2
    var lines = [
      "matrix: the session replayed on \(versions.count) OS version\(versions.count == 1 ? "" : "s") (what the user saw; displays on all devices)"
    ]
    lines.append(
      "tip".padding(toLength: nameWidth) + versions.map { "iOS \($0)".padding(toLength: columnWidth) }.joined().trimmingTrailingSpaces())
    var quirks: [Quirk] = []
    for tip in tips {
      let row = table[tip] ?? []
      for cell in row { if let q = cell.rendering.quirk, !quirks.contains(q) { quirks.append(q) } }
      lines.append(tip.padding(toLength: nameWidth) + row.map { $0.text.padding(toLength: columnWidth) }.joined().trimmingTrailingSpaces())
    }
    for (version, lacking) in zip(versions, missing) where !lacking.isEmpty {
      let apis = lacking.map { "\($0.api.rawValue) (\($0.users.joined(separator: ", ")))" }.joined(separator: ", ")
      lines.append("iOS \(version) lacks \(apis): the app runs without \(lacking.count == 1 ? "it" : "them") there (rule 44)")
    }
    for quirk in quirks {
      lines.append("quirk \(quirk.id) (rule \(quirk.rule)): \(quirk.summary) — source: \(quirk.source)")
    }
    return lines.joined(separator: "\n")
  }
}
