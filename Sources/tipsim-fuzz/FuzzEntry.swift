import Foundation
import HostOS
import Tooling

// Built by `.ci/fuzz` with `swift build --sanitize=fuzzer -Xswiftc -DFUZZING`: libFuzzer
// brings `main` and calls this entry point with its mutants. Every input must end with exit
// code 0, 1 or 2; anything else, a trap or a hang, is a crash libFuzzer keeps.
#if FUZZING
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let code = FuzzHarness.run(data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0))
    precondition([0, 1, 2].contains(code), "exit code \(code)")
    return 0
  }
#else
  /// In a normal build, `tipsim-fuzz FILE...` replays inputs (a corpus, a crash libFuzzer kept)
  /// through the same harness without instrumentation, and prints each one's exit code.
  @main struct FuzzReplay {
    static func main() {
      let files = CommandLine.arguments.dropFirst()
      guard !files.isEmpty else {
        FileHandle.standardError.write(Data("usage: tipsim-fuzz FILE...  (replays fuzz inputs; see .ci/fuzz)\n".utf8))
        HostOS.exit(2)
      }
      for file in files {
        guard let data = FileManager.default.contents(atPath: file) else {
          FileHandle.standardError.write(Data("\(file): cannot read\n".utf8))
          HostOS.exit(2)
        }
        print("\(file): exit \(FuzzHarness.run([UInt8](data)))")
      }
    }
  }
#endif
