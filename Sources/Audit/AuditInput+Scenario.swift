import Runner
import ScenarioLanguage
import Simulation

extension AuditInput {
  /// An audit of a scenario file: its definitions (included files' too) are the app, and
  /// every donation, parameter write and invalidation its script makes is an action the
  /// app's code can perform, at the script's line.
  public static func scenario(_ path: String) -> Result<AuditInput, Auditor.Problem> {
    Auditor.read(path).flatMap { scenario(text: $0, path: path, includes: .files(relativeTo: path)) }
  }

  /// The same for scenario text, named `path`, whose `include` lines `includes` reads.
  public static func scenario(text: String, path: String, includes: IncludeReader) -> Result<AuditInput, Auditor.Problem> {
    let statements: [Statement]
    switch Auditor.parse(text, path: path, includes: includes) {
    case .success(let parsed): statements = parsed
    case .failure(let problem): return .failure(problem)
    }
    var definitions: [String] = []
    var actions: [AuditAction] = []
    var places = AuditPlaces()
    func visit(_ statement: Statement) {
      let place = "\(statement.file ?? path):\(statement.lines.lowerBound)"
      switch statement.action {
      case .command(let command) where command.isDefinition:
        definitions.append(statement.text)
        switch command {
        case .defineTip(let tip, _): places.tips[tip.name] = place
        case .defineParameter(let parameter, _): places.parameters[parameter.name] = place
        case .defineEvent(let event): places.events[event.id] = place
        case .defineGroup(let group): places.groups[group.name] = place
        case .defineCondition(let condition):
          places.conditions[condition.name] = AuditPlaces.Origin(place: place, words: "the app condition \(condition.name)")
        default: break
        }
      case .reaction: definitions.append(statement.text)
      case .appAction(let name, _, _):
        definitions.append(statement.text)
        places.actions[name] = AuditPlaces.Origin(place: place, words: "the app runs \(name)")
      case .command(let command):
        switch command {
        case .launch where places.app.isEmpty: places.app = place
        case .donate, .set, .update, .invalidate:
          if !actions.contains(where: { $0.command == statement.text }) {
            actions.append(AuditAction(command: statement.text, place: place))
          }
          if case .set(let parameter, _) = command { places.writes[parameter, default: []].append(place) }
          if case .donate(let event, _) = command { places.donations[event, default: []].append(place) }
          if case .update(let parameter, _) = command { places.writes[parameter, default: []].append(place) }
        default: break
        }
      case .repeat(_, _, let body): body.forEach(visit)
      default: break
      }
    }
    statements.forEach(visit)
    if places.app.isEmpty { places.app = "\(path):1" }
    for (tip, place) in places.tips { places.displays[tip] = [place] }
    return .success(AuditInput(definitions: definitions.joined(separator: "\n") + "\n", file: path, actions: actions, places: places))
  }
}

extension Auditor {
  /// A scenario file's text, or why it cannot be read (at `path:1:1`).
  static func read(_ path: String) -> Result<String, Problem> {
    ScenarioFile.read(path).mapError { Problem(message: "\(path):1:1: error: \($0.message)") }
  }

  /// The statements of scenario text named `path`, or its syntax error with a caret.
  static func parse(_ text: String, path: String, includes: IncludeReader) -> Result<[Statement], Problem> {
    var parser = Parser(source: text)
    parser.includes = includes
    do { return .success(try parser.parse()) } catch { return .failure(Problem(message: error.rendered(inScript: path, source: text))) }
  }
}
