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
  /// Property (or local) name → the type it holds, where the code says (`let t = FavoriteTip()`).
  var propertyTypes: [String: String] = [:]
  /// Stored property names, in order: a donation info type's fields.
  var storedFields: [String] = []
  /// What the importer noticed inside the type and says in a comment.
  var notes: [Note] = []
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
  var conditions: [String]
}

/// Where the code does something to tips outside their declarations.
struct Site {
  enum Kind {
    case configure(options: [String])
    case resetDatastore
    case testingOverride(String)
    case display(inline: Bool, tip: String)
    case group(name: String?, ordered: Bool, members: [String], notes: [Note])
    case donate(event: String, call: String)
    case parameterWrite(parameter: String, value: String)
    case invalidate(tip: String, reason: String?)
    case instantiate(type: String, arguments: String)

    var isInvalidation: Bool { if case .invalidate = self { true } else { false } }
  }

  var kind: Kind
  var position: SwiftPosition
  /// The enclosing type, for `Self` and for the screen a display site is on.
  var type: [String]?
  /// The enclosing function's name (`init` for an initializer).
  var function: String?
  /// Inside `#Preview` or a `PreviewProvider`.
  var inPreview: Bool
  /// Inside the `DEBUG` branch of `#if DEBUG`.
  var inDebug: Bool
  /// Code run when the app leaves the foreground.
  var onBackground: Bool
  /// The function body it is in, for order within one body.
  var bodyID: Int?
}
