#if canImport(XCTest)
  import XCTest
  import TipSimKit

  /// `assertAll()` for XCTest users: the failures it records are caught here (by overriding
  /// `recordFailure`) and checked, rather than failing this test.
  final class AssertAllTests: XCTestCase {
    private var recorded: [(description: String, file: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
      if capturing {
        recorded.append((description, filePath, lineNumber))
      } else {
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
    }

    func testAFailureInALiteralIsPlacedAtItsLine() {
      let opening = #line + 3
      capturing = true
      TipSim.replay(
        """
        screen s: a
        tip t
          anchor s.a
        launch
        expect shown t
        """
      ).assertAll()
      capturing = false
      XCTAssertEqual(recorded.count, 1)
      XCTAssertEqual(recorded.first?.line, opening + 5)
      XCTAssertEqual(recorded.first?.file, #filePath)
      XCTAssertTrue(recorded.first?.description.contains("expect shown t\nfound: not on screen (screenNotOpen)") == true)
    }

    func testAFailureInAFileIsPlacedAtTheCallWithTheScenariosLine() throws {
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("assert-all-\(UUID().uuidString).scenario").path
      try "screen s: a\ntip t\n  anchor s.a\nlaunch\nexpect shown t\n".write(toFile: path, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(atPath: path) }
      capturing = true
      let line = #line + 1
      TipSim.replay(file: path).assertAll()
      capturing = false
      XCTAssertEqual(recorded.count, 1)
      XCTAssertEqual(recorded.first?.line, line)
      XCTAssertTrue(recorded.first?.description.contains("\(path):5:1: expect shown t\nfound: ") == true)
    }

    func testNothingIsRecordedWhenEverythingHolds() {
      capturing = true
      TipSim.replay("screen s: a\ntip t\n  anchor s.a\nlaunch\nopen s\nexpect shown t\n").assertAll()
      capturing = false
      XCTAssertEqual(recorded.count, 0)
    }
  }
#endif
