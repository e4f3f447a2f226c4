#if canImport(XCTest)
  import XCTest

  extension ScenarioReport {
    /// The XCTest form of `expectAll()`: one `XCTFail` per failed expectation. A failure in
    /// a string literal's scenario is placed at its line; one in a scenario file at this
    /// call, its message starting with the scenario's `file:line` (XCTest places failures in
    /// Swift files only).
    public func assertAll(file: StaticString = #filePath, line: UInt = #line) {
      for problem in problems {
        if case .literal(_, let filePath, _, _) = origin, problem.location.filePath == filePath {
          XCTFail(problem.message, file: file, line: UInt(problem.location.line))
        } else {
          XCTFail("\(problem.location): \(problem.message)", file: file, line: line)
        }
      }
    }
  }
#endif
