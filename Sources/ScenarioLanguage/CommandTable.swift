import TipEngine

/// The commands of the language: one table drives parsing (which words are commands),
/// `help`, and the shell's completion, so they cannot drift apart.
public struct CommandInfo: Hashable, Sendable {
  public enum Group: String, Hashable, Sendable, CaseIterable {
    case definitions = "Definitions"
    case actions = "Actions"
    case time = "Time"
    case observing = "Observing"
    case expectations = "Expectations"
    case shell = "Shell"
  }

  /// What each argument position completes to, in order; the last repeats.
  public enum Argument: Hashable, Sendable {
    case tip, screen, screenAnchor, parameter, parameterValue, event, eventField, store, storeKey, group, policy
    case policyValue, reason
    case word([String])
    case tipAction, checkpoint, whatIf, device, appAction, none
  }

  public var name: String
  public var group: Group
  public var syntax: String
  public var summary: String
  public var example: String
  public var arguments: [Argument]
  /// Whether its statements read the session's log or history, or undo: a run keeps them
  /// only for a script with such a word (a test checks this against the parsed examples).
  public var readsThePast = false
}

public enum CommandTable {
  public static let all: [CommandInfo] = [
    CommandInfo(
      name: "timezone", group: .definitions, syntax: "timezone ZONE", summary: "the simulation's time zone (default UTC)",
      example: "timezone Asia/Tokyo", arguments: [.none]),
    CommandInfo(
      name: "start", group: .definitions, syntax: "start INSTANT", summary: "the clock's first instant (default 2026-01-01T09:00)",
      example: "start 2026-11-01T09:00", arguments: [.none]),
    CommandInfo(
      name: "frequency", group: .definitions, syntax: "frequency immediate|hourly|daily|weekly|monthly",
      summary: "TipKit's display frequency, given to Tips.configure at launch (rule 26)", example: "frequency daily",
      arguments: [.word(["immediate", "hourly", "daily", "weekly", "monthly"])]),
    CommandInfo(
      name: "policy", group: .definitions, syntax: "policy NAME VALUE",
      summary:
        "choose how an unspecified TipKit rule behaves (\(Policies.names.joined(separator: ", ")))",
      example: "policy countPolicy perScreenOpen", arguments: [.policy, .policyValue]),
    CommandInfo(
      name: "param", group: .definitions, syntax: "param NAME[: TYPE[?]] = VALUE [transient] [bind STORE.KEY] [label \"TEXT\"]",
      summary:
        "a TipKit @Parameter with its default; TYPE? is an optional (= nil); transient resets at launch; bind mirrors an external store key",
      example: "param isLoggedIn = false", arguments: [.none]),
    CommandInfo(
      name: "store", group: .definitions, syntax: "store NAME [KEY = VALUE]",
      summary: "an external key-value store owned by the app (like UserDefaults), optionally with a key",
      example: "store defaults showMemoTip = false", arguments: [.store, .none]),
    CommandInfo(
      name: "event", group: .definitions, syntax: "event NAME[(FIELD, ...)] [limit N] [maxAge DURATION] [label \"TEXT\"]",
      summary: "a TipKit event; donations may carry fields; limit/maxAge is DonationLimit (rules see the last 1000)",
      example: "event viewedBackyard(backyardID)", arguments: [.none]),
    CommandInfo(
      name: "screen", group: .definitions,
      syntax:
        "screen NAME [host swiftui|hostingController|hostingConfiguration|uikit]: ANCHOR[(hidden)|(if [not] COND)] ... · screen NAME adds: ANCHOR ...",
      summary:
        "a screen and its anchors, in layout order (hidden: starts hidden at each visit, until `show`; `(if COND)`: shown while the app condition holds), and how its SwiftUI tip views are hosted (rule 40); `adds` gives a screen defined before more anchors",
      example: "screen contacts: acquaintancesTab colleaguesTab", arguments: [.none]),
    CommandInfo(
      name: "place", group: .definitions, syntax: "place TIP at SCREEN.ANCHOR [popover|inline]",
      summary: "put a tip defined before (an imported file's) on another anchor",
      example: "place colleaguesAppeal at contacts.colleaguesTab",
      arguments: [.tip, .word(["at"]), .screenAnchor, .word(["popover", "inline"])]),
    CommandInfo(
      name: "tip", group: .definitions,
      syntax: "tip NAME, then indented lines: " + TipBlockLine.words.joined(separator: ", "),
      summary: "a tip definition block",
      example: "tip favoriteBackyard\n  title \"Save as a Favorite\"\n  anchor detail.favoriteButton\n  rule isLoggedIn == true",
      arguments: [.none]),
    CommandInfo(
      name: "group", group: .definitions, syntax: "group NAME [ordered|firstAvailable]: TIP ...",
      summary: "a TipGroup (iOS 18): its current tip is the first available one, or the first not invalidated (ordered)",
      example: "group onboarding ordered: welcomeTip searchTip", arguments: [.none]),
    CommandInfo(
      name: "device", group: .definitions, syntax: "device NAME [os VERSION]",
      summary:
        "a device with its own app, screens and TipKit datastore, running its OS's TipKit (iOS 17: no groups or duration limits); the first names the device in use (default OS 26.0)",
      example: "device iPad os 18.5", arguments: [.none]),
    CommandInfo(
      name: "cohort", group: .definitions, syntax: "cohort NAME SHARE%, then indented usage lines",
      summary:
        "a share of simulated users and how often they act: open, donate, set, perform, write, relaunch, each on a schedule; churn; condition",
      example:
        "cohort light 60%\n  open backyards 1 per day poisson for 2m\n  donate viewedBackyard backyardID=2 0.5 per day poisson\n  churn 1% per day\ncohort weekend 20%\n  open backyards on weekends at 09:00 for 5m\n  donate viewedBackyard backyardID=2 2 per week on sat,sun fixed at 09:01",
      arguments: [.none]),
    CommandInfo(
      name: "when", group: .definitions,
      syntax:
        "when TIP invalidated [REASON]: CMD; CMD · when TIP shown: … · when app background|launch|launching: … · when screen SCREEN opens|closes: … · (before `:`) if os >= V | if os < V | if [not] COND [and …] · (a command) if [os >= V and] COND: CMD",
      summary:
        "the app's own code when a tip is invalidated or shown, the app goes to the background, launches (`launching`: before Tips.configure), or a screen opens or closes; `if os` for code under #available, `if COND` under an app condition",
      example: "when welcome invalidated: set onboardingDone true", arguments: [.tip]),
    CommandInfo(
      name: "condition", group: .definitions, syntax: "condition NAME = true|false|unknown",
      summary:
        "state of the app's own that its code tests (`if onboardingDone`), with its value on a fresh install; unknown is false until set, and the audit tries both; `set NAME true` changes it",
      example: "condition onboardingDone = false", arguments: [.none]),
    CommandInfo(
      name: "action", group: .definitions, syntax: "action NAME[(INPUT: TYPE, ...)]: CMD; CMD; if COND: CMD; if os >= V: CMD",
      summary:
        "code of the app's that something the scenario cannot see calls (a button, a delegate, a load callback), with the values it computes as inputs: `set PARAM INPUT`, `donate EVENT FIELD=INPUT`, `if INPUT:`; `if os >= V:` (or `<`) for code under #available",
      example: "action Library_didLoad(hasContent: Bool): set hasContent hasContent", arguments: [.none]),
    CommandInfo(
      name: "launch", group: .actions, syntax: "launch", summary: "the app launches and configures TipKit; transient parameters reset",
      example: "launch", arguments: []),
    CommandInfo(
      name: "quit", group: .actions, syntax: "quit", summary: "the app terminates; open screens close", example: "quit", arguments: []),
    CommandInfo(
      name: "background", group: .actions, syntax: "background",
      summary: "the app leaves the foreground (scene phase): displays end, its screens go until `foreground`", example: "background",
      arguments: []),
    CommandInfo(
      name: "foreground", group: .actions, syntax: "foreground",
      summary: "the app comes back: the screens that were open appear again, their tips evaluated", example: "foreground",
      arguments: []),
    CommandInfo(
      name: "open", group: .actions, syntax: "open SCREEN", summary: "a screen appears; its tips are evaluated and logged",
      example: "open contacts", arguments: [.screen, .none]),
    CommandInfo(
      name: "close", group: .actions, syntax: "close SCREEN", summary: "a screen disappears; its tips' displays end",
      example: "close contacts", arguments: [.screen, .none]),
    CommandInfo(
      name: "set", group: .actions,
      syntax: "set PARAM VALUE|nil|+= N|-= N|OTHER [+ N] [atMost N] [atLeast N]|not OTHER · set CONDITION true|false",
      summary:
        "write a parameter: a value, or one computed from a parameter (ignored before launch, rule 11); or change an app condition",
      example: "set isLoggedIn true", arguments: [.parameter, .parameterValue]),
    CommandInfo(
      name: "perform", group: .actions, syntax: "perform ACTION [INPUT=VALUE ...]",
      summary: "the app runs one of its actions (`action`), with the values its inputs take this time",
      example: "perform Library_didLoad hasContent=true", arguments: [.appAction, .none]),
    CommandInfo(
      name: "delete-donations", group: .actions, syntax: "delete-donations EVENT",
      summary: "Event.deleteDonations() (iOS 26): the event's donations are gone", example: "delete-donations viewedBackyard",
      arguments: [.event, .none]),
    CommandInfo(
      name: "toggle", group: .actions, syntax: "toggle PARAM", summary: "flip a Bool parameter (the app's `X.flag.toggle()`)",
      example: "toggle isLoggedIn", arguments: [.parameter, .none]),
    CommandInfo(
      name: "write", group: .actions, syntax: "write STORE.KEY VALUE",
      summary: "write an external store key; bound parameters follow while TipKit is configured",
      example: "write defaults.showMemoTip true", arguments: [.storeKey, .none]),
    CommandInfo(
      name: "donate", group: .actions, syntax: "donate EVENT [FIELD=VALUE ...]", summary: "one donation of an event, now",
      example: "donate viewedBackyard backyardID=2", arguments: [.event, .eventField]),
    CommandInfo(
      name: "dismiss", group: .actions, syntax: "dismiss TIP", summary: "the tip's close (×) button: invalidated(tipClosed)",
      example: "dismiss colleaguesAppeal", arguments: [.tip, .none]),
    CommandInfo(
      name: "tapoutside", group: .actions, syntax: "tapoutside TIP",
      summary: "tap outside a popover: its display ends without invalidating; it stays away while its screen stays open",
      example: "tapoutside colleaguesAppeal", arguments: [.tip, .none]),
    CommandInfo(
      name: "tap", group: .actions, syntax: "tap TIP ACTION",
      summary: "tap one of the tip's action buttons (does not invalidate by itself)",
      example: "tap colleaguesAppeal learnMore", arguments: [.tip, .tipAction]),
    CommandInfo(
      name: "invalidate", group: .actions, syntax: "invalidate TIP|all REASON",
      summary:
        "Tip.invalidate(reason:) on a tip, or on every tip: actionPerformed, tipClosed, displayCountExceeded or displayDurationExceeded",
      example: "invalidate favoriteBackyard actionPerformed", arguments: [.tip, .reason]),
    CommandInfo(
      name: "hide", group: .actions, syntax: "hide SCREEN.ANCHOR",
      summary: "an anchor scrolls away or collapses; its tip follows it out of sight (policy anchorHidden)",
      example: "hide contacts.colleaguesTab",
      arguments: [.screenAnchor, .none]),
    CommandInfo(
      name: "isPresented", group: .actions, syntax: "isPresented TIP true|false",
      summary:
        "the app's isPresented binding of the tip's view (iOS 26): false keeps a displayable tip off screen without dismissing it, true lets it show again",
      example: "isPresented favoriteBackyard false", arguments: [.tip, .word(["true", "false"])]),
    CommandInfo(
      name: "show", group: .actions, syntax: "show SCREEN.ANCHOR", summary: "a hidden anchor comes back into view, and its tip with it",
      example: "show contacts.colleaguesTab", arguments: [.screenAnchor, .none]),
    CommandInfo(
      name: "present", group: .actions, syntax: "present SCREEN sheet",
      summary: "a sheet covers the screen; tips decided underneath are shown behind it (rule 42)", example: "present contacts sheet",
      arguments: [.screen, .word(["sheet"])]),
    CommandInfo(
      name: "dismiss-sheet", group: .actions, syntax: "dismiss-sheet SCREEN", summary: "the sheet over the screen goes away",
      example: "dismiss-sheet contacts", arguments: [.screen, .none]),
    CommandInfo(
      name: "use", group: .actions, syntax: "use DEVICE", summary: "later commands act on that device", example: "use iPad",
      arguments: [.device, .none]),
    CommandInfo(
      name: "on", group: .actions, syntax: "on DEVICE: ACTION", summary: "run one action on another device",
      example: "on iPad: open contacts",
      arguments: [.device]),
    CommandInfo(
      name: "sync", group: .actions, syntax: "sync icloud on|off",
      summary:
        "TipKit's CloudKit container: tip status, display history and donations reach the other devices after policy syncDelay (rule 39)",
      example: "sync icloud on", arguments: [.word(["icloud"]), .word(["on", "off"])]),
    CommandInfo(
      name: "testing", group: .actions, syntax: "testing showAll | hideAll | show TIP... | hide TIP... | off",
      summary:
        "TipKit's testing overrides, the running app's calls: they accumulate until `testing off` or `quit`; before launch, the next launch's arguments",
      example: "testing show favoriteBackyard",
      arguments: [.word(["showAll", "hideAll", "show", "hide", "off"]), .tip]),
    CommandInfo(
      name: "reset", group: .actions, syntax: "reset [datastore] | reset eligibility TIP",
      summary: "Tips.resetDatastore() (only while the app is not running), or Tip.resetEligibility() (iOS 26)",
      example: "reset eligibility favoriteBackyard", arguments: [.word(["datastore", "eligibility"]), .tip]),
    CommandInfo(
      name: "advance", group: .time, syntax: "advance DURATION | advance to INSTANT",
      summary: "move the clock; everything on the way happens at its own instant", example: "advance 1d12h",
      arguments: [.word(["to"])]),
    CommandInfo(
      name: "next", group: .time, syntax: "next | next TIP",
      summary: "jump to the next instant anything changes by time alone and say what changed; or to when TIP could next appear",
      example: "next favoriteBackyard", arguments: [.tip, .none]),
    CommandInfo(
      name: "repeat", group: .time, syntax: "repeat N every DURATION: CMD; CMD; ...",
      summary: "a usage pattern: N iterations, each at its own instant; the span N × DURATION elapses",
      example: "repeat 30 every 1d: open contacts; close contacts", arguments: [.none]),
    CommandInfo(
      name: "checkpoint", group: .time, syntax: "checkpoint NAME",
      summary: "snapshot the whole session (world, clock, screens, stores, log)",
      example: "checkpoint beforeRelease", arguments: [.none], readsThePast: true),
    CommandInfo(
      name: "restore", group: .time, syntax: "restore NAME", summary: "go back to a checkpoint, exactly", example: "restore beforeRelease",
      arguments: [.checkpoint, .none], readsThePast: true),
    CommandInfo(
      name: "checkpoints", group: .time, syntax: "checkpoints", summary: "list the checkpoints", example: "checkpoints", arguments: [],
      readsThePast: true),
    CommandInfo(
      name: "undo", group: .time, syntax: "undo", summary: "back to before the last command that changed the world (repeatable)",
      example: "undo", arguments: [], readsThePast: true),
    CommandInfo(
      name: "timeline", group: .observing, syntax: "timeline [TIP...] [from INSTANT] [to INSTANT] [--svg FILE]",
      summary: "each tip's displays and suppressions over time, one row per tip; --svg writes a chart",
      example: "timeline favoriteBackyard from 2026-11-01T00:00", arguments: [.tip], readsThePast: true),
    CommandInfo(
      name: "whatif", group: .observing,
      syntax:
        "whatif frequency F | whatif policy NAME VALUE | whatif TIP.OPTION VALUE | whatif TIP.rule LEFT OP RIGHT | whatif group NAME ordered|firstAvailable|none | whatif condition NAME true|false|unknown",
      summary: "replay the session with one definition changed; both timelines and the differing log lines side by side",
      example: "whatif frequency weekly", arguments: [.whatIf], readsThePast: true),
    CommandInfo(
      name: "matrix", group: .observing, syntax: "matrix os VERSION...",
      summary:
        "replay the session once per OS version: each tip rendered, not rendered or with a style fallback, with display counts, and the APIs each version lacks",
      example: "matrix os 17.0 17.2 17.5 18.0 18.5 18.6 26.0",
      arguments: [.word(["os"]), .word(["17.0", "17.2", "17.5", "18.0", "18.5", "18.6", "26.0"])], readsThePast: true),
    CommandInfo(
      name: "lint", group: .observing, syntax: "lint",
      summary: "warn about tip definitions that are almost certainly wrong, each with a fix",
      example: "lint", arguments: [], readsThePast: true),
    CommandInfo(
      name: "report", group: .observing, syntax: "report FILE [--title TEXT] [--whatif CHANGE]",
      summary:
        "the session so far as one page to share: findings, inputs, each tip's summary and timeline, across users per cohort (and under the change); FILE.md writes it as Markdown",
      example: "report plan.html --title \"Onboarding plan\" --whatif frequency weekly", arguments: [.none], readsThePast: true),
    CommandInfo(
      name: "model", group: .observing, syntax: "model",
      summary: "what is defined: tips with rules and options, parameters with values, events with donations, screens, groups, stores",
      example: "model", arguments: []),
    CommandInfo(
      name: "population", group: .observing, syntax: "population USERS for DURATION [seed N]",
      summary:
        "simulate many users under the cohorts: reach by day, time to first display, displays per user, reasons held back (Ctrl-C stops it in the shell)",
      example: "population 10000 for 30d seed 7", arguments: [.none], readsThePast: true),
    CommandInfo(
      name: "target", group: .definitions,
      syntax:
        "target TIP reach|firstDisplay|displays [STAT] OP BOUND [by day N] [in COHORT] · target load distinctTips|displays STAT OP N per DURATION [by day N] [in COHORT]",
      summary:
        "a figure the population must meet, which `plan` searches for: reach by day N (a share), the first display's median or p90 day, displays per user, or a user's load in any window; STAT is mean, median, p90, p95 or max",
      example: "target shoppingListTip reach >= 80% by day 14 in light",
      arguments: [.tip, .word(PlanTarget.Measure.allCases.map(\.rawValue))]),
    CommandInfo(
      name: "tune", group: .definitions, syntax: "tune SETTING VALUE, VALUE, … (N...M: each whole number from N to M)",
      summary:
        "a setting `plan` may change and its alternatives, each a `whatif` change: frequency, policy NAME, condition NAME, TIP.OPTION, TIP.rule LEFT OP, group NAME",
      example: "tune sharePlanTip.maxDisplayCount none, 2...5", arguments: [.whatIf]),
    CommandInfo(
      name: "plan", group: .observing, syntax: "plan",
      summary:
        "run the last population under today's settings and under the tunes' alternatives (the same users and draws): the options that meet every target, fewest changes first, or the closest and why",
      example: "plan", arguments: [], readsThePast: true),
    CommandInfo(
      name: "status", group: .observing, syntax: "status [TIP...]", summary: "each tip's status, displays and last display",
      example: "status", arguments: [.tip]),
    CommandInfo(
      name: "why", group: .observing, syntax: "why TIP",
      summary: "every rule with its values, every gate and policy, and when the answer could change", example: "why colleaguesAppeal",
      arguments: [.tip, .none]),
    CommandInfo(
      name: "log", group: .observing, syntax: "log", summary: "the log so far", example: "log", arguments: [], readsThePast: true),
    CommandInfo(
      name: "expect", group: .expectations,
      syntax:
        "expect shown|hidden TIP · expect status TIP STATUS · expect displays TIP N [between INSTANT and INSTANT] · expect displays TIP at least|at most N · expect first display TIP at INSTANT · expect suppressed TIP by REASON · expect next TIP at INSTANT|never",
      summary: "check the world now; a failed expectation makes `tipsim run` exit 1", example: "expect status favoriteBackyard available",
      arguments: [.word(["shown", "hidden", "status", "displays", "suppressed", "next", "first"]), .tip]),
    CommandInfo(
      name: "help", group: .shell, syntax: "help [COMMAND]", summary: "list the commands, or explain one", example: "help advance",
      arguments: [.word([])]),
    CommandInfo(
      name: "save", group: .shell, syntax: "save FILE [--with-expectations]",
      summary: "write this session's definitions and actions as a scenario file (optionally the present state as expectations)",
      example: "save favorite.scenario --with-expectations", arguments: [.none]),
    CommandInfo(
      name: "load", group: .shell, syntax: "load FILE", summary: "run a scenario file into this session",
      example: "load Scenarios/eight-colleagues-tab.scenario",
      arguments: [.none]),
    CommandInfo(
      name: "import", group: .shell, syntax: "import PATH...",
      summary: "read an app's Swift tips (files or folders) and load them as definitions (needs tipsim-import built)",
      example: "import Sources/MyApp", arguments: [.none]),
    CommandInfo(
      name: "include", group: .definitions, syntax: "include FILE",
      summary:
        "the statements of another scenario file, relative to this file's folder (an imported app's definitions, kept untouched)",
      example: "include tips.scenario", arguments: [.none]),
    CommandInfo(
      name: "save-state", group: .shell, syntax: "save-state FILE",
      summary: "write every device's TipKit datastore (tips, parameters, donations) as versioned JSON, atomically",
      example: "save-state after-week-one.json", arguments: [.none]),
    CommandInfo(
      name: "load-state", group: .shell, syntax: "load-state FILE", summary: "load datastores saved by save-state (before `launch`)",
      example: "load-state after-week-one.json", arguments: [.none]),
    CommandInfo(name: "exit", group: .shell, syntax: "exit", summary: "leave the shell (so does Ctrl-D)", example: "exit", arguments: []),
  ]

  /// Commands only the interactive shell runs.
  public static let shellOnly = ["save", "load", "import", "exit"]

  public static let names = all.map(\.name)
  /// The same, for lookups, each with whether a script may run it (not `shellOnly`): the
  /// parser checks every line's first word.
  static let nameSet: NameMap<Bool> = {
    var set = NameMap<Bool>()
    for name in names { set[name] = !shellOnly.contains(name) }
    return set
  }()

  public static func info(_ name: String) -> CommandInfo? { all.first { $0.name == name } }

  /// Keywords of a `tip` block's lines.
  public static var tipLines: [String] { TipBlockLine.words }
}
