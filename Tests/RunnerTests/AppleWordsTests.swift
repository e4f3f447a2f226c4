import Foundation
import Testing

@testable import Runner

/// What TipSim says is what TipKit does, where an audit against Apple's documentation found a
/// gap: each test names its rule.
@Suite struct AppleWordsTests {
  @Test func rule39_parametersSyncWithTheDatastoreUnlessThePolicySaysOtherwise() {
    let story = """
      param isPro = false
      screen s: a
      tip pro
        anchor s.a
        rule isPro == true
      device phone
      device pad
      sync icloud on
      launch
      on pad: launch
      set isPro true

      """
    let synced = ScenarioRunner.run(source: story + "use pad\nopen s\nexpect shown pro\n")
    #expect(synced.exitCode == 0, "\(synced.errors)\(synced.failureMessage)")
    let apart = ScenarioRunner.run(source: "policy syncParameters off\n" + story + "use pad\nopen s\nexpect hidden pro\n")
    #expect(apart.exitCode == 0, "\(apart.errors)\(apart.failureMessage)")
  }
}
