import SwiftUI
import TipKit

/// Parameters kept on a type of their own, written by bare name in its own code.
enum TourState {
  @Parameter static var hasItems: Bool = false
  @Parameter static var visits: Int = 0
  /// No rule reads it: what the code writes to it needs no condition.
  @Parameter static var seenIntro: Bool = false

  static func refresh(itemCount: Int) {
    hasItems = itemCount > 0
  }
}

struct ItemsTip: Tip {
  var title: Text { Text("Your items") }
  var rules: [Rule] { #Rule(TourState.$hasItems) { $0 == true } }
}

/// Its parameter is written only through `&`, by a function of the app's.
struct VisitsTip: Tip {
  var title: Text { Text("Welcome back") }
  var rules: [Rule] { #Rule(TourState.$visits) { $0 >= 3 } }
}

/// Donated only in a closure handed to a view of the app's own.
struct PickTip: Tip {
  static let picked = Tips.Event(id: "picked")
  var title: Text { Text("Pick one") }
  var rules: [Rule] { #Rule(Self.picked) { $0.donations.count >= 1 } }
}

/// Its action handler sets the next tip's parameter, but it declares no action to tap.
struct FirstTip: Tip {
  var title: Text { Text("First") }
}

struct SecondTip: Tip {
  @Parameter static var firstDone: Bool = false
  var title: Text { Text("Second") }
  var rules: [Rule] { #Rule(Self.$firstDone) { $0 == true } }
}

/// Declares an action: its handler runs when the user taps it.
struct ThirdTip: Tip {
  var title: Text { Text("Third") }
  var actions: [Action] { Action(id: "go", title: "Go") }
}

struct FourthTip: Tip {
  @Parameter static var thirdDone: Bool = false
  var title: Text { Text("Fourth") }
  var rules: [Rule] { #Rule(Self.$thirdDone) { $0 == true } }
}

/// Two locals named `tip` in one controller, each shown where it is built.
struct LeftTip: Tip {
  var title: Text { Text("Left") }
}

struct RightTip: Tip {
  var title: Text { Text("Right") }
}

/// An ordered group kept as a static member, shown through a `View` extension that builds a
/// modifier of the app's, chained after another function of the app's.
enum Tour {
  static let steps = TipGroup(.ordered) {
    StepOneTip()
    StepTwoTip()
  }
}

struct StepOneTip: Tip {
  var title: Text { Text("Step one") }
}

struct StepTwoTip: Tip {
  var title: Text { Text("Step two") }
}

/// Donated by a function of the app's that takes the event as a parameter.
struct TrackTip: Tip {
  static let opened = Tips.Event(id: "opened")
  var title: Text { Text("Track it") }
  var rules: [Rule] { #Rule(Self.opened) { $0.donations.count >= 2 } }
}

/// Its event is handed to a type the sources do not declare, which may donate it.
struct ForwardTip: Tip {
  static let forwarded = Tips.Event(id: "forwarded")
  var title: Text { Text("Forward it") }
  var rules: [Rule] { #Rule(Self.forwarded) { $0.donations.count >= 1 } }
}

enum Analytics {
  static func track(_ event: Tips.Event) {
    Task { await event.donate() }
  }
}

/// Shown while the store has no people, which the code read does not decide.
struct NoPeopleTip: Tip {
  var title: Text { Text("Add someone") }
}

/// Shown until onboarding starts, read through a small function of the app's.
struct StartTip: Tip {
  var title: Text { Text("Start here") }
}

enum Onboarding {
  static let startedKey = "onboardingStarted"
  static func started() -> Bool { UserDefaults.standard.bool(forKey: startedKey) }
}

/// Donated by a button only on iOS 18 and later (`if #available` inside the action).
struct ModernShareTip: Tip {
  static let sharedModern = Tips.Event(id: "sharedModern")
  var title: Text { Text("Share with the new sheet") }
  var rules: [Rule] { #Rule(Self.sharedModern) { $0.donations.count >= 1 } }
}

/// Donated by the same button before iOS 18 (its `else`).
struct LegacyShareTip: Tip {
  static let sharedLegacy = Tips.Event(id: "sharedLegacy")
  var title: Text { Text("Share") }
  var rules: [Rule] { #Rule(Self.sharedLegacy) { $0.donations.count >= 1 } }
}
