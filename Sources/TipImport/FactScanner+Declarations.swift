import SwiftSyntax

/// What the scanner reads off a declaration without walking it: a file's imports, whether a
/// type declares parameters, a stored setting's key, whether a selector may name a member.
extension FactScanner {
  /// The app delegate's and scene delegate's methods that run as the app leaves the foreground.
  static let backgroundHandlers: Set<String> = [
    "applicationDidEnterBackground", "sceneDidEnterBackground", "applicationWillResignActive", "sceneWillResignActive",
  ]

  /// The modules a file imports outside any `#if`.
  static func imports(of tree: SourceFileSyntax) -> [String] {
    tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text }
  }

  /// Whether a type's own members include an `@Parameter`.
  static func declaresParameters(_ members: MemberBlockSyntax) -> Bool {
    members.members.contains { item in
      guard let variable = item.decl.as(VariableDeclSyntax.self), !variable.attributes.isEmpty else { return false }
      return variable.attributes.contains { element in
        guard let name = element.as(AttributeSyntax.self)?.attributeName else { return false }
        // `@Parameter`, `@Tips.Parameter`.
        return name.as(IdentifierTypeSyntax.self)?.name.text == "Parameter" || name.as(MemberTypeSyntax.self)?.name.text == "Parameter"
      }
    }
  }

  /// The key of `@AppStorage("key")` (also `@SceneStorage`): a value kept in UserDefaults.
  static func storageKey(_ node: VariableDeclSyntax) -> String? {
    for element in node.attributes {
      guard let attribute = element.as(AttributeSyntax.self),
        let name = attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text, name == "AppStorage" || name == "SceneStorage",
        case .argumentList(let arguments)? = attribute.arguments,
        let literal = arguments.first?.expression.as(StringLiteralExprSyntax.self), let key = plainString(literal)
      else { continue }
      return key
    }
    return nil
  }

  /// A target-action method (`@IBAction`, `@objc`): UIKit and AppKit call it when the user acts.
  static func isAction(_ node: FunctionDeclSyntax) -> Bool { namesSelector(node.attributes) }

  /// `@IBAction` or `@objc`: a selector may name what it marks.
  static func namesSelector(_ attributes: AttributeListSyntax) -> Bool {
    attributes.contains { element in
      guard let name = element.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return false }
      return name == "IBAction" || name == "objc"
    }
  }
}
