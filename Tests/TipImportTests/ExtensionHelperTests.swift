import Foundation
import Testing

@testable import Audit
@testable import TipImport

/// A display in a member of an extension that adds no conformance (`extension View { func
/// hint() -> some View { … } }`) runs only when the app's code uses the member: one no code
/// refers to shows nothing, and its tip is `never`; one the code uses, as a function value or
/// a property too, shows; a member a framework may call (`@objc`, an extension that adds a
/// conformance, a type the app declares) is never taken as unused.
@Suite struct ExtensionHelperTests {
  static let sources: [(path: String, text: String)] = [
    (
      "Helpers/Tips.swift",
      """
      import SwiftUI
      import TipKit

      struct CalledTip: Tip { var title: Text { Text("Called") } }
      struct AbandonedTip: Tip { var title: Text { Text("Abandoned") } }
      struct PassedTip: Tip { var title: Text { Text("Passed") } }
      struct PropertyTip: Tip { var title: Text { Text("Property") } }
      struct ConformingTip: Tip { var title: Text { Text("Conforming") } }
      struct OwnTypeTip: Tip { var title: Text { Text("Own") } }

      @main
      struct HelperApp: App {
        init() { try? Tips.configure() }
        var body: some Scene { WindowGroup { HomeView() } }
      }

      struct HomeView: View {
        var body: some View {
          VStack {
            Text("A").calledHint()
            Text("B").modifier(Passer(make: \\.passedHint))
            Text("C").propertyHint
          }
        }
      }

      struct Passer: ViewModifier {
        var make: KeyPath<AnyView, AnyView>
        func body(content: Content) -> some View { content }
      }
      """
    ),
    (
      "Helpers/Extensions.swift",
      """
      import SwiftUI
      import TipKit

      extension View {
        func calledHint() -> some View { popoverTip(CalledTip()) }
        // No code calls it: the tip is shown nowhere.
        func abandonedHint() -> some View { popoverTip(AbandonedTip()) }
        var propertyHint: some View { popoverTip(PropertyTip()) }
      }

      extension AnyView {
        var passedHint: AnyView { AnyView(popoverTip(PassedTip())) }
      }

      protocol Hinting { func conformingHint() -> AnyView }

      extension Text: Hinting {
        func conformingHint() -> AnyView { AnyView(popoverTip(ConformingTip())) }
      }

      extension HomeView {
        func ownHint() -> some View { popoverTip(OwnTypeTip()) }
      }
      """
    ),
  ]

  @Test func aMemberNoCodeUsesShowsNothing() throws {
    let result = try SwiftImporter.run(sources: ExtensionHelperTests.sources, forAudit: true)
    let report = try Auditor(input: try #require(result.audit)).audit()
    let verdicts = Dictionary(uniqueKeysWithValues: report.tips.map { ($0.tip, $0.verdict) })
    #expect(verdicts["AbandonedTip"] == .never)
    let abandoned = try #require(report.tips.first { $0.tip == "AbandonedTip" })
    #expect(abandoned.causes.map(\.code) == [.noDisplaySite])
    #expect(
      abandoned.causes.first?.message
        == "its only display is at Helpers/Extensions.swift:7 in abandonedHint, declared in an extension of View at Helpers/Extensions.swift:7, which no code read uses"
    )
    // Used by a call, a key path, a property read; or where a framework may call it.
    for tip in ["CalledTip", "PassedTip", "PropertyTip", "ConformingTip", "OwnTypeTip"] {
      #expect(verdicts[tip] != .never, "\(tip)")
    }
  }
}
