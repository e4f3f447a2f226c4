import SwiftSyntax

/// The platform `tipsim import --platform` reads the app for.
public enum Platform: String, CaseIterable, Sendable {
  case ios, ipados, macos, visionos, watchos, tvos

  /// The names `os(…)` tests for it.
  var osNames: Set<String> {
    switch self {
    case .ios, .ipados: ["iOS"]
    case .macos: ["macOS", "OSX"]
    case .visionos: ["visionOS", "xrOS"]
    case .watchos: ["watchOS"]
    case .tvos: ["tvOS"]
    }
  }

  /// `os(iOS)`, `os(macOS)`: how a note names it.
  var displayName: String {
    switch self {
    case .ios: "iOS"
    case .ipados: "iPadOS"
    case .macos: "macOS"
    case .visionos: "visionOS"
    case .watchos: "watchOS"
    case .tvos: "tvOS"
    }
  }

  /// Whether `canImport(module)` holds: the UI frameworks belong to their platforms; any
  /// other module (SwiftUI, TipKit, the app's own packages) is taken to be there.
  func canImport(_ module: String) -> Bool {
    switch module {
    case "UIKit": self != .macos
    case "AppKit", "Cocoa": self == .macos
    case "WatchKit", "ClockKit": self == .watchos
    default: true
    }
  }
}

/// The build of the app whose code the importer reads: one platform's branches of every
/// `#if`, chosen the same way for declarations, builders and code. Without a platform, the
/// iOS branch, or else the first platform's that has one. Compilation flags (`DEBUG`,
/// `BETA`) are not set in the build the app's users run: code under one is not run, while a
/// declaration under one is still read, its condition in a comment.
///
/// SwiftIfConfig answers only true or false; this says "depends on a flag" as well.
struct BuildTarget: Sendable {
  var platform: Platform?

  /// What a condition is on a platform: true, false, or depending on a compilation flag.
  enum Truth: Equatable {
    case yes, no, flag

    static func && (a: Truth, b: Truth) -> Truth { a == .no || b == .no ? .no : a == .flag || b == .flag ? .flag : .yes }
    static func || (a: Truth, b: Truth) -> Truth { a == .yes || b == .yes ? .yes : a == .flag || b == .flag ? .flag : .no }
    static prefix func ! (a: Truth) -> Truth { a == .yes ? .no : a == .no ? .yes : .flag }
  }

  /// A clause of an `#if` to read.
  struct Clause {
    var elements: IfConfigClauseSyntax.Elements?
    /// Its condition as written, or for `#else` the negation of those before it.
    var label: String
    /// Whether the release build compiles it (no flag set).
    var inRelease: Bool
  }

  /// The clauses of `node` to read, on the platform that decided them: the target's, or
  /// without one iOS, or else the first platform with a branch.
  func clauses(of node: IfConfigDeclSyntax, text: (ExprSyntax) -> String) -> (clauses: [Clause], on: Platform) {
    let platforms = platform.map { [$0] } ?? [.ios, .macos, .visionos, .tvos, .watchos]
    for candidate in platforms {
      let found = clauses(of: node, on: candidate, text: text)
      if !found.isEmpty { return (found, candidate) }
    }
    return ([], platforms[0])
  }

  /// What a comment says of a choice between branches by platform: which is taken, which not.
  /// Nil when no branch names a platform (`#if DEBUG`).
  func note(on node: IfConfigDeclSyntax, taken: Clause?, platform: Platform, text: (ExprSyntax) -> String) -> String? {
    guard node.clauses.contains(where: { $0.condition.map(text).map(BuildTarget.namesPlatform) ?? false }) else { return nil }
    let takenText = taken.map { $0.label.hasPrefix("!(") ? "#else" : $0.label }
    let others = node.clauses.map { $0.condition.map(text) ?? "#else" }.filter { $0 != takenText }
    let fallback =
      self.platform == nil && platform != .ios ? "no iOS branch; as on \(platform.displayName)" : "as on \(platform.displayName)"
    let head = takenText.map { "#if: the \($0) branch is taken (\(fallback))" } ?? "#if: no branch is taken (\(fallback))"
    return others.isEmpty ? head : head + "; not taken: " + others.joined(separator: ", ")
  }

  private func clauses(of node: IfConfigDeclSyntax, on platform: Platform, text: (ExprSyntax) -> String) -> [Clause] {
    var found: [Clause] = []
    var earlier: [String] = []
    var releaseTaken = false
    for clause in node.clauses {
      let truth = clause.condition.map { evaluate($0, on: platform, release: false) } ?? .yes
      let release = clause.condition.map { evaluate($0, on: platform, release: true) } ?? .yes
      let label = clause.condition.map(text) ?? "!(" + earlier.joined(separator: " || ") + ")"
      if let condition = clause.condition { earlier.append(text(condition)) }
      guard truth != .no else { continue }
      found.append(Clause(elements: clause.elements, label: label, inRelease: release == .yes && !releaseTaken))
      if release == .yes { releaseTaken = true }
      if truth == .yes { break }
    }
    return found
  }

  /// The import (outside `#if`) of another platform's UI framework that keeps a file out of
  /// the target's build (`import AppKit` in an iOS build); nil when it builds. Without a
  /// platform, every file builds.
  func foreignImport(among modules: [String]) -> String? {
    guard let platform else { return nil }
    return modules.first { !platform.canImport($0) }
  }

  /// The condition's truth; in the `release` build every flag is unset.
  func evaluate(_ condition: ExprSyntax, on platform: Platform, release: Bool) -> Truth {
    if let sequence = condition.as(SequenceExprSyntax.self) {
      // `a && b || c`: `&&` binds tighter than `||`, the only two operators an `#if` has.
      var any = Truth.no
      var all = Truth.yes
      for element in sequence.elements {
        if let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text {
          if op == "||" {
            any = any || all
            all = .yes
          }
          continue
        }
        all = all && evaluate(element, on: platform, release: release)
      }
      return any || all
    }
    if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
      return !evaluate(prefix.expression, on: platform, release: release)
    }
    if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first?.expression {
      return evaluate(inner, on: platform, release: release)
    }
    if let literal = condition.as(BooleanLiteralExprSyntax.self) { return literal.literal.text == "true" ? .yes : .no }
    if condition.is(DeclReferenceExprSyntax.self) { return release ? .no : .flag }
    guard let call = condition.as(FunctionCallExprSyntax.self),
      let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    else { return release ? .no : .flag }
    let argument = call.arguments.first.map { $0.expression.trimmedDescription } ?? ""
    switch name {
    case "os": return platform.osNames.contains(argument) ? .yes : .no
    case "canImport": return platform.canImport(argument.split(separator: ".").first.map(String.init) ?? argument) ? .yes : .no
    // The device, not a simulator or a Mac running the iPad app.
    case "targetEnvironment": return .no
    case "arch": return argument == "arm64" ? .yes : .no
    // A current compiler and Apple's runtimes.
    case "swift", "compiler", "hasFeature", "hasAttribute", "_runtime", "_endian", "_pointerBitWidth", "_hasAtomicBitWidth": return .yes
    default: return release ? .no : .flag
    }
  }

  /// Whether a condition tests the platform (`os`, `canImport`), which the target decides.
  static func namesPlatform(_ condition: String) -> Bool { condition.contains("os(") || condition.contains("canImport(") }
}
