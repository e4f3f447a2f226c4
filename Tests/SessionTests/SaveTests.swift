import Runner
import Sessions
import Testing

/// `save`: a loaded file comes back with its comments where they stood.
@Suite struct SaveTests {
  @Test func aSavedSessionKeepsTheFilesComments() {
    let source = """
      # The team's plan: one tip after the first save.
      event saved
      screen home: button

      # Shown once the user has saved twice.
      tip saveTip
        title "Save it"
        anchor home.button
        # two saves, not one: the first is often a mistake
        rule saved.count >= 2
      launch
      status
      # Every user sees it by day 14.
      target saveTip reach >= 90% by day 14
      # the end
      """
    let report = ScenarioRunner.run(source: source)
    #expect(report.exitCode == 0, "\(report.errors)")
    let saved = ScenarioWriter.scenario(of: report.session, withExpectations: false)
    #expect(
      saved == """
        # Saved from a tipsim session.
        # The team's plan: one tip after the first save.
        event saved
        screen home: button
        # Shown once the user has saved twice.
        tip saveTip
          title "Save it"
          anchor home.button
          # two saves, not one: the first is often a mistake
          rule saved.count >= 2
        launch
        # Every user sees it by day 14.
        target saveTip reach >= 90% by day 14
        # the end

        """, "\(saved)")
  }
}
