#if canImport(Testing)
  import Testing

  extension ScenarioReport {
    /// Records one Swift Testing issue per failed expectation, at the line of the scenario
    /// that failed (in the scenario file, or inside the test's string literal), with what was
    /// expected, what was found and the tip's `why`. Invalid input is one issue at its line.
    ///
    /// ```swift
    /// @Test func favoriteTip() {
    ///   TipSim.replay(file: "favorite.scenario", relativeTo: #filePath).expectAll()
    /// }
    /// ```
    public func expectAll() {
      for problem in problems {
        let location = problem.location
        Issue.record(
          Comment(rawValue: problem.message),
          sourceLocation: SourceLocation(
            fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column))
      }
    }
  }
#endif
