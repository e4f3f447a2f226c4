import SwiftSyntax

/// What one Swift file says about tips, gathered by `FactScanner` before names are resolved
/// across files by `AppModel`.
struct FileFacts {
  var path: String
  /// Test code (XCTest or Swift Testing imported, a `…Tests.swift` file, an XCTestCase): its
  /// configure calls and overrides are not the app's.
  var isTestCode: Bool
  var types: [TypeFragment] = []
  var sites: [Site] = []
  /// Its functions, initializers and appear/disappear closures, in source order; a site's
  /// `routine` indexes them.
  var routines: [Routine] = []
  /// Why it builds only for another platform than the one read (`import AppKit` in an iOS
  /// import): read, but not part of the app.
  var buildsElsewhere: String?
  /// Not valid Swift, and left out (`--skip-invalid`): no app that builds has it in a target.
  var invalid: InvalidSwift?
  /// Uses of a member's name (a computed property, a view-building function) under a
  /// condition or in a closure that runs later: the displays inside that member are shown
  /// only then.
  var memberUses: [MemberUse] = []
  /// Where values the code names are handed on: what the ledger of tip uses follows.
  var valueUses: [ValueUse] = []
  /// Where type names appear: a view built only in a preview shows nothing to users.
  var mentions = TypeMentions()
}

/// A file left out because it is not valid Swift: where the parser stopped, a warning with a
/// caret there, and the names it spells (code there that names a tip may display it).
struct InvalidSwift {
  var position: SwiftPosition
  var warning: String
  var names: Set<String>
}

/// A use of a member by name (`listWithTips`, `rows()`) in the code of its type.
struct MemberUse {
  var name: String
  /// The type whose code uses it, and the member that code is in.
  var type: [String]?
  var inMember: String?
  var conditions: [CodeCondition]
  var deferred: Deferral?
}

/// A body of code that runs as a whole: a function, an initializer, or a closure SwiftUI
/// runs as a view appears (`onAppear`, `.task`) or disappears (`onDisappear`).
struct Routine {
  enum Kind: Equatable {
    case function(String)
    case initializer
    /// `onAppear`, `task`: the modifier's name.
    case appear(String)
    case disappear(String)
  }

  var kind: Kind
  /// The enclosing type's path; nil at the top level.
  var type: [String]?
  /// Each parameter's argument label (nil for `_`) and name.
  var parameters: [(label: String?, name: String)] = []
  var position: SwiftPosition
  /// Why it does not run by itself when its trigger happens: it is inside a closure that
  /// runs later (an appear closure of a sheet's content, say).
  var deferred: Deferral?
  /// Inside `#Preview`, a `PreviewProvider`, or under a flag the release build does not set.
  var isPreviewOrFlagged = false
  /// `let next = min(X.p + 1, 99)`: its locals' initializers.
  var locals: [String: SwiftExpr] = [:]
  /// What a function of one expression returns, as written (`UserDefaults.standard.bool(forKey:
  /// key)`): a condition that calls it tests that.
  var returns: SwiftExpr?

  /// `static func`, `class func`.
  var isStatic = false
  /// The routine (of its file) it is inside: the function around an appear closure.
  var parent: Int?
  /// The conditions around it where it is declared (`if showsList { List { … }.onAppear { … } }`).
  var conditions: [CodeCondition] = []

  var name: String? { if case .function(let name) = kind { name } else { nil } }
}

/// A closure or a method that runs later, when something the code read does not do happens:
/// a user's tap, a notification, a callback, UIKit calling a target-action method. Each is
/// one of the app's actions.
struct Deferral: Equatable {
  /// "when the user taps Button(\"Save\")".
  var words: String
  /// What the action it becomes is named after: `Button_Save`, `onTapGesture`, `shareTapped`.
  var name: String
  /// Where it starts: one closure or method is one action.
  var position: SwiftPosition
  /// The user's gesture (a button, a tap, a swipe), rather than the system's or another
  /// part of the app's callback.
  var isUserAction: Bool
  /// For the action handler of `popoverTip(tip) { action in … }` or `TipView(tip) { … }`: the
  /// display's place. It runs only when the user taps one of the tip's own actions.
  var tipActionOf: SwiftPosition? = nil
}

/// A type declaration or extension and what it holds that matters to tips.
struct TypeFragment {
  var path: [String]
  var isExtension: Bool
  var position: SwiftPosition
  var inherited: [String]
  /// The `#if` conditions around the declaration, outermost first.
  var conditions: [String]
  var id: IDSource?
  var idPosition: SwiftPosition?
  var title: String?
  var message: String?
  var image: String?
  var rules: [RuleSite] = []
  var options: [OptionSite] = []
  var actions: [ActionSite] = []
  var parameters: [ParameterSite] = []
  var events: [EventSite] = []
  /// `static let name = "literal"`: what an id may name.
  var constants: [String: String] = [:]
  /// `static let isBeta = false`: a condition on it is decided.
  var boolConstants: [String: Bool] = [:]
  /// `@State private var showsList = false`: the value an instance's property starts with.
  var boolInitials: [String: Bool] = [:]
  /// `@State private var queue: [Item] = []`: properties that start empty.
  var emptyInitials: Set<String> = []
  /// `@AppStorage("key") var name = value`: the key and the value it has on a fresh install.
  var storage: [String: (key: String, initial: String?)] = [:]
  /// Property (or local) name → the type it holds, where the code says (`let t = FavoriteTip()`).
  var propertyTypes: [String: String] = [:]
  /// Stored property names, in order: a donation info type's fields.
  var storedFields: [String] = []
  /// Stored properties without a value of their own: given by whoever builds the type (a
  /// view or modifier that takes the tip it shows).
  var passedIn: Set<String> = []
  /// What the importer noticed inside the type and says in a comment.
  var notes: [Note] = []
  /// A `title` or `message` that an `if` or `switch` chooses: what stands in for the rest.
  var textChoices: [Note] = []
  /// Whether `title` or `message` is read from an instance property (a generic tip).
  var textFromInstance = false
}

/// How a tip's `id` is given.
enum IDSource: Equatable {
  case literal(String)
  /// `Self.x`, `Other.x` or `x`: a string constant to look up.
  case constant(type: String?, name: String)
  /// Anything computed at run time (`UUID()`, interpolation, a call): the expression's text.
  case computed(String)
}

struct Note: Hashable {
  var position: SwiftPosition
  var text: String
}

/// A `#Rule(…) { … }`, kept as text: holding its node would keep the file's whole tree.
struct RuleSite {
  var position: SwiftPosition
  var text: String
  /// Its arguments as written (`Self.$p`, `Other.event`): what it reads.
  var subjects: [String]
  var translation: Result<TranslatedRule, RuleTranslator.Untranslated>
}

struct OptionSite {
  var position: SwiftPosition
  /// `MaxDisplayCount`, `IgnoresDisplayFrequency`, `MaxDisplayDuration`, or another option's name.
  var name: String
  var argument: String?
  var text: String
}

struct ActionSite {
  var position: SwiftPosition
  var id: String?
  var title: String?
}

struct ParameterSite {
  var position: SwiftPosition
  var name: String
  var typeName: String?
  var initializer: String?
  var transient: Bool
  var conditions: [String]
}

struct EventSite {
  var position: SwiftPosition
  var member: String
  var id: IDSource
  /// `Tips.Event` spelt out, in the call or the declared type: TipKit's whatever the type.
  var spelledTips: Bool
  /// The donation info type of `Event<Info>`.
  var infoType: String?
  /// `donationLimit: .init(maximumCount: 100, maximumAge: .days(30))`, as written.
  var limit: EventLimit?
  var conditions: [String]
}

/// An event's `DonationLimit`: a count and an age, each as written (nil when not given).
struct EventLimit {
  var maximumCount: String?
  var maximumAge: String?
  /// The argument as written, for a comment when it is not a literal.
  var text: String
}

/// Where the code does something to tips outside their declarations.
struct Site {
  enum Kind {
    case configure(options: [String])
    case resetDatastore
    case testingOverride(String)
    /// `.popoverTip(c ? tip : nil)`: `tip` is `tip`, `condition` is `c`. `api` is the display
    /// API's name. `text` is the tip as written, less `AnyTip(…)` and `as any Tip`: what a
    /// comment quotes.
    case display(api: String, inline: Bool, tip: SwiftExpr, text: String, condition: CodeCondition?)
    case group(name: String?, ordered: Bool, members: [String], notes: [Note])
    /// `X.event.donate(.init(field: 2))`: `argument` is what is donated, and `fields` its
    /// labelled values when it is built in the call (nil when it is computed elsewhere).
    case donate(event: String, call: String, argument: String?, fields: [DonatedField]?)
    /// `X.p = v`, `X.p += 1`: `op` is `=`, `+=`, `-=`, `*=` or `/=`; the value, with its text
    /// for comments (and a `Bool`'s condition).
    case parameterWrite(parameter: String, op: String, value: SourcedExpr)
    /// `X.p.toggle()`.
    case toggle(parameter: String)
    /// `tip.invalidate(reason: .actionPerformed)`: the tip, and its text for comments.
    case invalidate(tip: SwiftExpr, text: String, reason: String?)
    case instantiate(type: String, arguments: [Argument])
    /// A call of a function or method of the app's, maybe its own helper or code to follow.
    case call(name: String, base: String?, arguments: [Argument])

    var isInvalidation: Bool { if case .invalidate = self { true } else { false } }
    var isDisplay: Bool { if case .display = self { true } else { false } }
  }

  /// A field of a donation built in the call: its label, its value as the scenario writes a
  /// literal (nil when computed), and its text.
  struct DonatedField {
    var label: String
    var literal: String?
    var text: String
  }

  /// An argument of a call: its label, text, and structure (a tip handed to a helper), and
  /// the parts a condition is read through (a helper's `when:`).
  struct Argument {
    var label: String?
    var text: String
    var value: SwiftExpr
    var parts: [SourcedExpr] = []

    var sourced: SourcedExpr { SourcedExpr(expr: value, text: text, parts: parts) }
  }

  var kind: Kind
  var position: SwiftPosition
  /// The enclosing type, for `Self` and for the screen a display site is on.
  var type: [String]?
  /// The enclosing function's name (`init` for an initializer).
  var function: String?
  /// Inside `#Preview` or a `PreviewProvider`.
  var inPreview: Bool
  /// The `#if` flag (`DEBUG`) it is under, which the build the app's users run does not set.
  var flag: String?
  /// Code run when the app leaves the foreground.
  var onBackground: Bool
  /// The function body it is in, for order within one body.
  var bodyID: Int?
  /// The routine (of its file) it is in.
  var routine: Int?
  /// The conditions around it inside its routine, outermost first.
  var conditions: [CodeCondition] = []
  /// The closure it is in that runs later, not when its routine runs: "when the user taps
  /// Button(\"Save\")".
  var deferred: Deferral?
  /// For a display attached to a control (`Button { … }.popoverTip(tip)`): where the control's
  /// action closure starts.
  var anchoredAction: SwiftPosition?
  /// For a display: the APIs it uses that only some OS versions have, in words
  /// ("the isPresented: binding (iOS 26)"), and whether `.tipBackgroundInteraction(.enabled)`
  /// lets taps through its popover.
  var displayNeeds: [String] = []
  var passesTaps = false
  /// The anchor line's `via`: `collectionViewCell` for `configureTip`, `anchorID` for
  /// `TipView(_:anchorID:)`.
  var via: String?
  /// The computed property or function of its type it is in (`listWithTips`, `body`).
  var member: String?
  /// For a display: where `member` is declared, when that is in an extension that adds no
  /// conformance (`extension View { func hint() -> some View { … } }`), neither `@objc`,
  /// `override` nor public. Only the app's code can run such a member.
  var extensionMember: SwiftPosition?

  /// Under `#if DEBUG` or another flag: not in the app its users run.
  var inDebug: Bool { flag != nil }

  /// In a branch taken only under a UI-testing launch argument or in a test, demo or
  /// screenshot mode: test code, not what the app's users run.
  var isTestMode: Bool {
    conditions.contains { condition in
      condition.kind == .holds && AppModel.offForUsers.contains(where: condition.text.lowercased().contains)
    }
  }
}
