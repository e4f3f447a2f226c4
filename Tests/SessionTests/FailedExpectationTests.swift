import Runner
import Sessions
import Testing

/// A failed expectation prints the tip's whole `why` once per tip and instant (and not again
/// while it reads the same); `repeatsWhy` (`tipsim run --verbose`) prints it every time.
@Suite struct FailedExpectationTests {
  let scenario = """
    param on = false
    screen s: a
    tip t
      title "T"
      anchor s.a
      rule on == true
    launch
    open s
    expect shown t
    expect shown t
    advance 1h
    expect shown t
    """

  @Test func theWhyIsPrintedOncePerTipAndInstant() {
    let report = ScenarioRunner.run(source: scenario)
    #expect(report.exitCode == 1)
    #expect(report.transcript.components(separatedBy: "rules (all must hold").count - 1 == 2)
    #expect(
      report.transcript.contains(
        "<string>:10: expect shown t\n                                 found: not on screen (rules)\n                                 why: as for line 9, above\n"
      ))
    // The library's failures keep the whole why.
    #expect(report.failures.allSatisfy { $0.explanation != nil })
    var verbose = Session()
    verbose.repeatsWhy = true
    #expect(
      ScenarioRunner.run(source: scenario, session: verbose).transcript.components(separatedBy: "rules (all must hold").count - 1 == 3)
  }
}
