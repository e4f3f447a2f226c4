import Testing
import TipImport

/// The tip a display or an invalidation names, read from the expression's structure rather
/// than its text: shapes the text's heuristics did not foresee.
@Suite struct TipExpressionTests {
  static let source = """
    import SwiftUI
    import TipKit

    struct A: Tip { var title: Text { Text("A") } }
    struct B: Tip { var title: Text { Text("B") } }
    final class Model { let tip = A() }
    func wrap<T: Tip>(tip: T, style: () -> Void) -> T { tip }

    struct Home: View {
      let model = Model()
      var body: some View {
        VStack {
          Text("x").popoverTip(B.init())
          Text("y").popoverTip(model.tip)
          Button("Done") { (model.tip as? A)?.invalidate(reason: .tipClosed) }
          Button("Later") { wrap(tip: B()) {}.invalidate(reason: .actionPerformed) }
        }
      }
    }

    @main struct Shapes: App {
      init() { try? Tips.configure() }
      var body: some Scene { WindowGroup { Home() } }
    }
    """

  /// `(model.tip as? A)?.invalidate(…)`: the property inside the cast and the optional chain.
  @Test func aCastAndOptionalChainNameTheTipWithin() throws {
    let result = try imported([("App.swift", TipExpressionTests.source)])
    #expect(result.definitions.contains("action Home_Button_Done: invalidate A tipClosed"), "\(result.definitions)")
  }

  /// `wrap(tip: B()) { … }`: a function of the app's handed the tip, with a trailing closure.
  @Test func aTipHandedToTheAppsFunctionIsTheOneItGives() throws {
    let result = try imported([("App.swift", TipExpressionTests.source)])
    #expect(result.definitions.contains("action Home_Button_Later: invalidate B actionPerformed"), "\(result.definitions)")
  }

  /// `B.init()`: a type's initializer called by name.
  @Test func anInitializerCalledByNameBuildsItsType() throws {
    let result = try imported([("App.swift", TipExpressionTests.source)])
    #expect(result.definitions.contains("  anchor Home.B"), "\(result.definitions)")
  }
}
