import Renderers
import ScenarioLanguage
import Simulation
import Testing
import TipEngine

@Suite struct ResolverTests {
  /// Runs the source's statements through the resolver and the world; returns the first
  /// diagnostic.
  func firstError(_ source: String) throws -> Diagnostic? {
    var world = World()
    for statement in try Parser(source: source).parse() {
      do {
        let action = try Resolver.resolve(statement, in: world)
        if case .command(let command) = action { _ = try world.apply(command) }
      } catch let d as Diagnostic {
        return d
      } catch let e as SimulationError {
        return Diagnostic(Wording(timeZone: world.timeZone).describe(e), at: statement.keyword.location)
      }
    }
    return nil
  }

  let definitions = """
    param isLoggedIn = false
    param count = 0
    event viewedBackyard(backyardID)
    store defaults showMemoTip = false
    screen contacts: acquaintancesTab colleaguesTab
    tip colleaguesAppeal
      title "T"
      anchor contacts.colleaguesTab
      action learnMore "Learn more"

    """

  @Test(arguments: [
    ("open contcts", "unknown screen 'contcts'", "did you mean 'contacts'?", 11, 6),
    ("dismiss colleagueAppeal", "unknown tip 'colleagueAppeal'", "did you mean 'colleaguesAppeal'?", 11, 9),
    ("set isLogedIn true", "unknown parameter 'isLogedIn'", "did you mean 'isLoggedIn'?", 11, 5),
    ("donate viewedBackyrd", "unknown event 'viewedBackyrd'", "did you mean 'viewedBackyard'?", 11, 8),
    ("donate viewedBackyard backyard=2", "unknown field of event viewedBackyard 'backyard'", "did you mean 'backyardID'?", 11, 23),
    ("write default.showMemoTip true", "unknown store 'default'", "did you mean 'defaults'?", 11, 7),
    ("write defaults.showMemoTp true", "unknown key of store defaults 'showMemoTp'", "did you mean 'showMemoTip'?", 11, 16),
    ("tap colleaguesAppeal learnMor", "unknown action of tip colleaguesAppeal 'learnMor'", "did you mean 'learnMore'?", 11, 22),
    ("tip x\n  title \"X\"\n  anchor contacts.colegesTab", "unknown anchor of screen contacts 'colegesTab'", nil, 13, 19),
    ("set isLoggedIn 3", "isLoggedIn is a Bool; 3 is a Int", nil, 11, 5),
    ("tip x\n  title \"X\"\n  rule isLoggedIn > 2", "cannot compare Bool with Int using >", nil, 13, 19),
    ("tip x\n  title \"X\"\n  rule count", "a rule must be true or false, but this is a Int", nil, 13, 8),
    ("param isLoggedIn = true", "parameter isLoggedIn is already defined", nil, 11, 7),
    ("launch\nlaunch", "the app is already running; `quit` first", nil, 12, 1),
    ("quit", "the app is not running", nil, 11, 1),
    ("open contacts", "`open` needs a running app: `launch` first", nil, 11, 1),
    ("launch\nreset", "`reset` is Tips.resetDatastore(), which must come before configuration: `quit` first (rule 34)", nil, 12, 1),
    ("advance 1h\nadvance to 2026-01-01T09:00", "2026-01-01T09:00 is in the past (the clock reads 2026-01-01T10:00)", nil, 12, 1),
    ("advance 1h\nstart 2026-11-01T09:00", "`start` must come before the clock moves", nil, 12, 1),
  ])
  func unknownNamesAndImpossibleStepsAreErrors(line: String, message: String, note: String?, lineNumber: Int, column: Int) throws {
    let d = try #require(try firstError(definitions + "\n" + line))
    #expect(d.message == message)
    if let note { #expect(d.note == note) }
    #expect(d.location == SourceLocation(line: lineNumber, column: column))
  }

  @Test func instantsAreReadInTheSimulationsTimeZone() throws {
    var world = World()
    for statement in try Parser(source: "timezone Asia/Tokyo\nstart 2026-11-01T09:00").parse() {
      if case .command(let c) = try Resolver.resolve(statement, in: world) { _ = try world.apply(c) }
    }
    #expect(world.clock == SimTimeZone.utc.instant(of: CivilTime(year: 2026, month: 11, day: 1, hour: 0)))
  }
}
