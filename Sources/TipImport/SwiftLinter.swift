import Reports
import Runner
import ScenarioLanguage
import TipEngine

/// Lints what the importer read: each finding is a mistake seen in a real app, said in terms
/// of what the app's users get.
struct SwiftLinter {
  let model: AppModel
  /// Each imported tip's rules as the language reads them (for contradicting rules).
  let rules: [String: [RuleExpression]]

  func findings() -> [SwiftFinding] {
    var found: [SwiftFinding] = []
    duplicateEventIDs(&found)
    computedIDs(&found)
    sharedGenericTips(&found)
    configuration(&found)
    durations(&found)
    parameterWritesInInitializers(&found)
    backgroundInvalidations(&found)
    unusedEventsAndTips(&found)
    contradictions(&found)
    donationLimits(&found)
    return found.sorted { ($0.position, $0.code) < ($1.position, $1.code) }
  }

  private func duplicateEventIDs(_ found: inout [SwiftFinding]) {
    for event in model.events where event.declarations.count > 1 {
      let names = event.declarations.map { "\(model.types[$0.type].qualifiedName).\($0.member)" }
      for declaration in event.declarations.dropFirst() {
        found.append(
          SwiftFinding(
            "duplicateEventID", at: declaration.position,
            "\(names.joined(separator: " and ")) share the event id \"\(event.id ?? event.name)\": TipKit keeps one donation log per id, so an action donated through both counts twice (rule 14)",
            fix: "declare the event once and refer to it from every tip that reads it"))
      }
    }
  }

  private func computedIDs(_ found: inout [SwiftFinding]) {
    for tip in model.tips {
      let type = model.types[tip.types[0]]
      guard case .computed(let expression)? = type.fragment.id else { continue }
      found.append(
        SwiftFinding(
          "computedTipID", at: type.fragment.idPosition ?? type.position,
          "tip \(tip.name)'s id is computed at run time (\(expression)): a value that changes per instance gives each instance a new id, so its displays and invalidation never persist",
          fix: "give the tip a stable id: a string literal, or one built only from stable values"))
    }
  }

  private func sharedGenericTips(_ found: inout [SwiftFinding]) {
    for tip in model.tips {
      let type = model.types[tip.types[0]]
      guard type.fragment.textFromInstance else { continue }
      if case .computed? = type.fragment.id { continue }
      var arguments: [String: SwiftPosition] = [:]
      for (site, testCode) in model.sites where !testCode {
        guard case .instantiate(let name, let given) = site.kind, !given.isEmpty,
          model.resolveType(name, from: site.type, file: site.position.file) == tip.types[0]
        else { continue }
        let text = given.map { ($0.label.map { $0 + ": " } ?? "") + $0.text }.joined(separator: ", ")
        if arguments[text] == nil { arguments[text] = site.position }
      }
      guard arguments.count > 1, let second = arguments.values.sorted().dropFirst().first else { continue }
      found.append(
        SwiftFinding(
          "sharedGenericTip", at: second,
          "\(type.qualifiedName) is shown at \(arguments.count) places with different text but one id: they share one display count and one invalidation, so closing one closes all (rule 1)",
          fix: "give each instance its own id (for example from the text it shows)"))
    }
  }

  private func configuration(_ found: inout [SwiftFinding]) {
    let configures = model.sites.filter { if case .configure = $0.site.kind { true } else { false } }
    if configures.filter({ !$0.testCode && !$0.site.inPreview }).isEmpty, let first = model.tips.first {
      found.append(
        SwiftFinding(
          "noConfigure", at: first.position,
          "no Tips.configure call in the app's code: TipKit is never configured, so no tip ever shows (rule 25)",
          fix: "call try? Tips.configure() once at launch (App.init or application(_:didFinishLaunchingWithOptions:))"))
    }
    for (reset, testCode) in model.sites where !testCode && !reset.inPreview && !reset.isTestMode {
      guard case .resetDatastore = reset.kind else { continue }
      let earlier = configures.first { $0.site.bodyID == reset.bodyID && $0.site.position < reset.position }
      guard let earlier else { continue }
      found.append(
        SwiftFinding(
          "resetAfterConfigure", at: reset.position,
          "Tips.resetDatastore() runs after Tips.configure (\(earlier.site.position.fileLine)): TipKit throws tipsDatastoreAlreadyConfigured and nothing is reset (rule 34)",
          fix: "call Tips.resetDatastore() before Tips.configure"))
    }
    // What the shipped app runs: not tests, previews, `#if DEBUG` branches or a branch taken
    // only under a UI-testing launch argument.
    // Only configures and resets are read: the kind is tested first, so no other site is copied.
    let shipped = model.sites.filter { site, testCode in
      switch site.kind {
      case .configure, .resetDatastore: !testCode && !site.inPreview && !site.inDebug && !site.isTestMode
      default: false
      }
    }.map(\.site)
    // An `else` branch's call is another way to configure, not a second call; each app of the
    // sources read (two `App` types in one folder) configures its own TipKit.
    let shippedConfigures = shipped.filter { site in
      guard case .configure = site.kind else { return false }
      return !site.conditions.contains { $0.kind == .otherwise }
    }
    for app in Dictionary(grouping: shippedConfigures, by: model.app(of:)).keys.sorted() {
      let calls = shippedConfigures.filter { model.app(of: $0) == app }
      guard calls.count > 1 else { continue }
      let places = calls.map(\.position.fileLine).joined(separator: ", ")
      for site in calls.dropFirst() {
        found.append(
          SwiftFinding(
            "configureTwice", at: site.position,
            "Tips.configure is called at \(calls.count) places the app runs (\(places)): when a second one runs, TipKit throws tipsDatastoreAlreadyConfigured and its options are not applied (rule 25)",
            fix: "configure once, at launch (App.init or application(_:didFinishLaunchingWithOptions:))"))
      }
    }
    for site in shipped {
      // After a configure, `resetAfterConfigure` says what goes wrong.
      guard case .resetDatastore = site.kind,
        !configures.contains(where: { $0.site.bodyID == site.bodyID && $0.site.position < site.position })
      else { continue }
      found.append(
        SwiftFinding(
          "resetDatastoreInRelease", at: site.position,
          "Tips.resetDatastore() runs in release code: when it runs, every user's tips, parameters and donations start over (rule 34)",
          fix: "wrap it in #if DEBUG, or move it to a preview or a test"))
    }
    for (site, testCode) in model.sites where !testCode && !site.inPreview && !site.inDebug {
      guard case .testingOverride(let call) = site.kind else { continue }
      let all = call.contains("AllTips")
      let effect =
        call.contains("hide")
        ? (all ? "no user ever sees a tip" : "no user ever sees the tips it names")
        : (all ? "every user sees every tip" : "every user sees the tips it names")
      found.append(
        SwiftFinding(
          "testingOverrideInRelease", at: site.position,
          "\(call) runs in release code: \(effect), whatever the rules (rule 33)",
          fix: "wrap it in #if DEBUG, or move it to a preview or a test"))
    }
  }

  private func durations(_ found: inout [SwiftFinding]) {
    for tip in model.tips {
      guard let seconds = tip.options.maxDisplayDuration?.seconds, seconds < 60 else { continue }
      let option = model.types[tip.types[0]].fragment.options.first { $0.name == "MaxDisplayDuration" }
      found.append(
        SwiftFinding(
          "durationBelowFloor", at: option?.position ?? tip.position,
          "tip \(tip.name)'s MaxDisplayDuration is \(ScenarioText.duration(seconds: Int(seconds))): TipKit never ends a tip view's display before it has been on screen 60 s, so every display lasts at least 60 s (rule 24)",
          fix: "use 60 seconds or more"))
    }
  }

  private func parameterWritesInInitializers(_ found: inout [SwiftFinding]) {
    for parameter in model.parameters {
      for write in parameter.writes where write.function == "init" {
        guard let type = write.type, let owner = model.resolveType(type.joined(separator: "."), from: nil, file: write.position.file),
          model.types[owner].isTip
        else { continue }
        found.append(
          SwiftFinding(
            "parameterWrittenInInit", at: write.position,
            "parameter \(parameter.name) is written in \(model.types[owner].qualifiedName)'s initializer: every time a view re-creates the tip the value is written again, undoing what the app set",
            fix: "write the parameter where the app learns the value, not when the tip is created"))
      }
    }
  }

  private func backgroundInvalidations(_ found: inout [SwiftFinding]) {
    for (site, testCode) in model.sites where !testCode && site.onBackground {
      guard case .invalidate(_, let tip, _) = site.kind else { continue }
      found.append(
        SwiftFinding(
          "invalidatedOnBackground", at: site.position,
          "\(tip).invalidate runs when the app leaves the foreground: tips the user has not seen yet are invalidated and lost for good (rule 6)",
          fix: "invalidate a tip when the user acts on it, or let MaxDisplayCount end it"))
    }
  }

  private func unusedEventsAndTips(_ found: inout [SwiftFinding]) {
    for event in model.events {
      if event.donations.isEmpty {
        found.append(
          SwiftFinding(
            "eventNeverDonated", at: event.declarations[0].position,
            "event \(event.id ?? event.name) is never donated: rules that count it stay at 0",
            fix: "donate it where the user does the action"))
      }
      if !event.isRead {
        found.append(
          SwiftFinding(
            "eventNeverRead", at: event.declarations[0].position, "no rule reads event \(event.id ?? event.name)",
            fix: "add a rule that counts it, or stop donating it"))
      }
    }
    for (index, tip) in model.tips.enumerated() where tip.displays.isEmpty {
      // Not every use of it is followed (passed to code not read, put in an array), or a
      // display it reaches is not placed: it may well be seen.
      if let ledger = model.flow?.ledgers[index],
        !ledger.escapes.isEmpty || ledger.displays.contains(where: { !model.deadDisplayPlaces.contains($0) })
      {
        continue
      }
      let why =
        tip.deadDisplays.isEmpty
        ? "no display API of SwiftUI, UIKit or AppKit, nor a helper of the app's, shows it"
        : "its only display is at \(tip.deadDisplays.joined(separator: " and "))"
      found.append(
        SwiftFinding(
          "tipNeverDisplayed", at: tip.position, "tip \(tip.name) is never displayed (\(why)): users never see it",
          fix: "display it with .popoverTip(tip), TipView(tip) or TipUIPopoverViewController(tip, sourceItem:), or remove it"))
    }
  }

  private func contradictions(_ found: inout [SwiftFinding]) {
    for tip in model.tips {
      guard let why = Contradiction.find(in: rules[tip.name] ?? []) else { continue }
      let position = tip.rules.first { if case .success = $0.result { true } else { false } }?.position ?? tip.position
      found.append(
        SwiftFinding(
          "rulesNeverHold", at: position, "tip \(tip.name) can never show: \(why)", fix: "remove or correct one of the contradicting rules")
      )
    }
  }
}

extension SwiftLinter {
  /// Counts compared past what their event keeps, and windows longer than its `maxAge`
  /// (rule 18): the event's `DonationLimit` when the code gives one, else the last 1000.
  private func donationLimits(_ found: inout [SwiftFinding]) {
    var limits: [String: DonationLimit] = [:]
    for event in model.events {
      // The event's line as the language reads it: its limit and maxAge, parsed once.
      guard case .command(.defineEvent(let definition))? = try? Parser(source: event.definition).parse().first?.action else { continue }
      limits[event.name] = definition.limit
    }
    let kept = { (name: String) -> Int? in limits[name]?.maximumCount ?? DonationLimit.defaultMaximumCount }
    for tip in model.tips {
      let rules = rules[tip.name] ?? []
      let positions = tip.rules.compactMap { if case .success = $0.result { $0.position } else { nil } }
      for (index, rule) in rules.enumerated() {
        let position = index < positions.count ? positions[index] : tip.position
        // A tip its counts make impossible is already `rulesNeverHold` or said once here.
        for part in Contradiction.beyondKept(in: rule, kept: kept) {
          found.append(
            SwiftFinding(
              "countBeyondLimit", at: position,
              "tip \(tip.name): `\(part.comparison)` is never true: rules see at most the last \(part.kept) donations of \(part.aggregate.event) (rule 18)",
              fix: Linter.countFix))
        }
        for aggregate in rule.aggregates {
          guard let window = aggregate.within, let age = limits[aggregate.event]?.maximumAge, window > age else { continue }
          found.append(
            SwiftFinding(
              "windowBeyondMaxAge", at: position,
              "tip \(tip.name) counts \(aggregate.event) within \(window), but the event keeps donations only \(age) (maxAge)",
              fix: "shorten the window to \(age) or raise maxAge to \(window)"))
        }
      }
    }
  }
}

/// The language's rule expressions, named where Foundation's `Expression` is not in scope.
typealias RuleExpression = Expression
