/// The default usage model of an audit: the typical user, printed with every answer.
struct TypicalUser {
  /// The screens that have a tip, in definition order.
  var screens: [String]
  var days: Int
  /// Screen → the app's actions its tips point at (`perform …` lines): the controls they are
  /// attached to, which the user taps after a minute there.
  var taps: [String: [String]] = [:]

  /// Every day at the start's time: launch, each screen opened for a minute in turn (its
  /// reactions run as it appears), the controls its tips point at tapped, quit.
  var script: String {
    let visits = screens.map { screen in
      (["open \(screen)", "advance 1m"] + (taps[screen] ?? []) + ["close \(screen)"]).joined(separator: "; ")
    }
    return "repeat \(days) every 1d: " + (["launch"] + visits + ["quit"]).joined(separator: "; ") + "\n"
  }

  var description: String {
    let opened =
      screens.isEmpty ? "no screen has a tip" : "opens each screen with a tip for a minute (\(screens.joined(separator: ", ")))"
    let tapped = screens.flatMap { taps[$0] ?? [] }
    let does = tapped.isEmpty ? "" : ", where it does what the tips point at (\(tapped.joined(separator: "; ")))"
    return
      "a typical user launches the app once a day at the start's time and \(opened)\(does); the app's own code runs as it does at launch and as screens appear; \(days) days"
  }
}
