/// The default usage model of an audit: the typical user, printed with every answer.
struct TypicalUser {
  /// The screens that have a tip, in definition order.
  var screens: [String]
  var days: Int

  /// Every day at the start's time: launch, each screen opened for a minute in turn (its
  /// reactions run as it appears), quit.
  var script: String {
    let visits = screens.map { "open \($0); advance 1m; close \($0)" }
    return "repeat \(days) every 1d: " + (["launch"] + visits + ["quit"]).joined(separator: "; ") + "\n"
  }

  var description: String {
    let opened =
      screens.isEmpty ? "no screen has a tip" : "opens each screen with a tip for a minute (\(screens.joined(separator: ", ")))"
    return
      "a typical user launches the app once a day at the start's time and \(opened); the app's own code runs as it does at launch and as screens appear; \(days) days"
  }
}
