import Simulation
import TipEngine

/// The words of warnings, notes, the actions `why` suggests, and what expectations found.
extension Wording {
  func describe(_ warning: Warning) -> String {
    switch warning {
    case .alreadyInStatus(let tip, let status): "\(tip) is already \(status)"
    case .noCloseButton(let tip): "\(tip) is not on screen; there is no close button to tap"
    case .tipNotOnScreen(let tip): "\(tip) is not on screen"
    case .inlineHasNoOutside(let tip): "\(tip) is an inline tip: it has no outside to tap; use `dismiss` for its close button"
    case .noButtons(let tip): "\(tip) is not on screen; its buttons cannot be tapped"
    case .nothingToInvalidate: "no tips are defined: there is nothing to invalidate"
    case .screenNotOpen(let screen): "\(screen) is not open"
    case .screenAlreadyOpen(let screen): "\(screen) is already open"
    case .anchorAlready(let anchor, let visible): "\(anchor) is already \(visible ? "visible" : "hidden")"
    case .sheetAlready(let screen, let presented): presented ? "a sheet already covers \(screen)" : "no sheet covers \(screen)"
    case .controlsNotOpen(let screen): "\(screen) is not open; its controls cannot be tapped"
    case .tapGoesToSheet(let screen): "a sheet covers \(screen): the tap goes to the sheet"
    case .setBeforeLaunch(let parameter, let value):
      "set \(parameter) \(value) before launch has no effect: TipKit is not configured (rule 11)"
    case .donateBeforeLaunch(let event): "donate \(event) before launch has no effect: TipKit is not configured (rule 11)"
    case .donationMissingField(let event, let field, let tips):
      "donate \(event) without \(field): the rules of \(tips.joined(separator: ", ")) group or filter by it, so this donation never counts there"
    case .nothingChangesByTime: "nothing changes by time alone from here: every tip waits for an action"
    case .neverAvailableByTime(let tip, let hints):
      "no passage of time alone makes \(tip) available; it would take: \(hints.isEmpty ? "a reset" : describe(hints))"
    case .neverAvailable(let tip, let why): "neither time nor any action makes \(tip) available: \(why)"
    case .reactionLoop(let limit): "reactions set one another off more than \(limit) times at one instant: stopped"
    case .reactionFailed(let place, let error): "the reaction of \(place): \(describe(error))"
    case .actionStepFailed(let action, let error): "a step of \(action): \(describe(error))"
    case .apiUnavailable(let api, let os, let users):
      "\(api.rawValue) needs iOS \(api.since.rawValue): on iOS \(os) the app cannot use it, so \(withoutIt(api, users)) (rule 44)"
    case .scenePhaseAlready(let background): "the app is already in the \(background ? "background" : "foreground")"
    case .cohortRedefined(let name, let line):
      "cohort \(name) was defined before\(line.map { " (line \($0))" } ?? ""): this block replaces it; give the cohort another name to keep both"
    }
  }

  /// What running without an API means for the tips, groups or events that use it.
  private func withoutIt(_ api: TipKitAPI, _ users: [String]) -> String {
    let names = users.joined(separator: ", ")
    let verbEnding = users.count == 1 ? "s" : ""
    return switch api {
    case .maxDisplayDuration: "\(names) run\(verbEnding) without a duration limit"
    case .tipGroup: "the members of \(names) are decided each on its own"
    case .cloudKitContainer: "\(names) keeps its own tip status, display history and donations"
    case .donationLimit: "\(names) keep\(verbEnding) the default limit, the most recent \(DonationLimit.defaultMaximumCount) donations"
    case .resetEligibility: "the call does nothing for \(names)"
    case .deleteDonations: "the donations of \(names) stay"
    case .presentationBinding: "the binding does nothing: \(names) show\(verbEnding == "s" ? "s" : "") as the tip's status says"
    case .backgroundInteraction:
      "\(names) cannot let taps through: SwiftUI disables the view behind a popover tip until it is dismissed, so \(users.count == 1 ? "it behaves" : "they behave") as the default popover (a tap elsewhere dismisses it)"
    case .displayDurationReason: "the call does nothing for \(names)"
    case .tipAnchor: "\(names) show\(verbEnding) as a plain TipView, its arrow not pointing at the anchor"
    case .collectionViewCell: "\(names) cannot be shown in \(users.count == 1 ? "its" : "their") collection view cell"
    }
  }

  func describe(_ note: Note) -> String {
    switch note {
    case .nowOnDevice(let name): "now on \(name)"
    case .sync(let on, let delay, let parameters):
      "iCloud sync \(on ? "on: \(parameters ? "tip status, display history, donations and parameters" : "tip status, display history and donations") reach the other devices after \(delay)" : "off: state is per device") (rule 39)"
    case .onScreenNow(let tip, let placement): "\(tip) is on screen now, at \(placement)"
    case .availableNow(let tip, let jumped, let place):
      "\(tip) is available\(jumped ? "" : " now")\(describe(place))"
    case .frequencyAtNextLaunch(let frequency):
      "frequency \(frequency.rawValue) takes effect at the next launch (Tips.configure runs at launch)"
    case .cohortDefined(let name, let percent, let usageLines):
      "cohort \(name): \(percent)% of users, \(usageLines) usage line\(usageLines == 1 ? "" : "s")"
    case .savedDatastore(let devices, let path):
      "saved the datastore of \(devices.isEmpty ? "the device" : devices.joined(separator: ", ")) to \(path)"
    case .loadedDatastore(let path): "loaded the datastore from \(path)"
    case .checkpointTaken(let name, let at): "checkpoint \(name) taken at \(stamp(at))"
    case .checkpointRestored(let name, let clock): "restored checkpoint \(name): the clock reads \(stamp(clock))"
    case .presentedBinding(let tip, let presented):
      presented
        ? "the app's isPresented binding of \(tip) is true again: it shows when displayable"
        : "the app's isPresented binding of \(tip) is false: displayable, kept off screen, not dismissed"
    case .testingAtNextLaunch:
      "set before launch: the next launch applies these testing overrides as it configures TipKit, as a call before Tips.configure() does (rule 33)"
    case .testingEnded: "the testing overrides end with the app; the next launch runs without them unless it sets them again (rule 33)"
    case .nothingToUndo: "nothing to undo"
    case .undone(let command, let clock): "undid `\(command)`: the clock reads \(stamp(clock))"
    }
  }

  private func describe(_ place: Note.AvailablePlace) -> String {
    switch place {
    case .onScreen: ", on screen"
    case .screenOpen(let screen): "; its screen \(screen) is open"
    case .whenScreenOpens(let screen): "; it can appear when \(screen) opens"
    case .nowhere: ""
    }
  }

  /// The actions, as the commands that do them, `; ` between.
  func describe(_ hints: [ActionHint]) -> String { hints.map(describe).joined(separator: "; ") }

  func describe(_ hint: ActionHint) -> String {
    switch hint {
    case .launch: "launch"
    case .testingOff: "testing off"
    case .resetEligibility(let tip): "reset eligibility \(tip)  (or quit; reset)"
    case .write(let key): "write \(key) …"
    case .set(let parameter): "set \(parameter) …"
    case .donate(let event): "donate \(event)"
    case .deleteDonations(let event): "delete-donations \(event)"
    case .resetDatastore: "nothing the app does but a reset (quit; reset)"
    case .reset: "reset"
    case .leaveGroupLead(let tip): "make \(tip) leave its group's lead (invalidate \(tip))"
    case .closePopover(let tip): "tapoutside \(tip)  (or dismiss \(tip))"
    case .reopen(let screen): "close \(screen ?? "its screen") and open it again"
    case .open(let screen): "open \(screen)"
    case .giveAnchor(let tip): "give \(tip) an anchor"
    case .show(let anchor): "show \(anchor)"
    case .setCondition(let name, let value): "set \(name) \(value)"
    case .perform(let action): "perform \(action)"
    case .present(let tip): "isPresented \(tip) true"
    }
  }
}

extension Wording {
  /// What an expectation found, after `found:` (its instants are already civil times).
  public static func describe(_ finding: Finding) -> String {
    switch finding {
    case .shownOn(let placement): "shown on \(placement)"
    case .notOnScreen(nil): "not on screen"
    case .notOnScreen(let reasons?): "not on screen (\(reasons.joined(separator: ", ")))"
    case .rendering(let word, let quirk): "rendering \(word)" + (quirk.map { " (quirk \($0))" } ?? "")
    case .notRendered(let quirk): "decided: shown — rendered: no (quirk \(quirk))"
    case .anchorHidden(let placement): "shown, but its anchor \(placement) is hidden"
    case .behindSheet(let screen): "shown behind a sheet on \(screen)"
    case .visibleOn(let placement): "visible on \(placement)"
    case .status(let status): "status \(status)"
    case .displays(let n): "\(n) display\(n == 1 ? "" : "s")"
    case .neverDisplayed: "never displayed"
    case .firstDisplay(let at, let day): "first display at \(at.iso) (day \(day))"
    case .displaysBetween(let n, let from, let to): "\(n) display\(n == 1 ? "" : "s") from \(from.iso) to \(to.iso)"
    case .onScreenNow: "on screen now"
    case .neverAvailableByTime: "no passage of time alone makes it available"
    case .neverAvailable(let why): "neither time nor any action makes it available: \(why)"
    case .availableByAction(let hints):
      // Hints hold no instant: any zone words them.
      "no passage of time alone makes it available, but an action could: \(hints.isEmpty ? "a reset" : Wording(timeZone: .utc).describe(hints))"
    case .nextAt(let at, let day): "next at \(at.iso) (day \(day))"
    case .mayShow: "no reason: it may show"
    case .suppressedBy(let words): "suppressed by \(words.joined(separator: ", "))"
    }
  }
}
