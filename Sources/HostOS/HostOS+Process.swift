import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension HostOS {
  /// The running executable's path: `_NSGetExecutablePath` on Darwin, `/proc/self/exe` on
  /// Linux; nil when it cannot be read.
  public static func executablePath() -> String? {
    #if canImport(Darwin)
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
      let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    #elseif os(Linux)
      return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    #else
      return Bundle.main.executableURL?.resolvingSymlinksInPath().path
    #endif
  }
}

extension HostOS {
  /// The address the running program's symbol `name` resolves to, looked up as the dynamic
  /// linker would from the program itself (`dlopen(nil)`, `dlsym`), or nil.
  public static func symbolAddress(_ name: String) -> UnsafeMutableRawPointer? {
    guard let program = dlopen(nil, RTLD_NOW) else { return nil }
    defer { dlclose(program) }
    return dlsym(program, name)
  }
}

/// A program run with standard input and output on `/dev/null`, prepared once and started
/// with `posix_spawn` as often as asked: Foundation's `Process` adds tens of milliseconds
/// to each start (BENCHMARKS.md), too much for timing start-up.
public final class SilentProcess {
  private let arguments: [String]
  private let argv: [UnsafeMutablePointer<CChar>?]
  private let environment: [UnsafeMutablePointer<CChar>?]
  // Darwin's posix_spawn_file_actions_t is a pointer, glibc's a struct.
  #if canImport(Darwin)
    private var actions: posix_spawn_file_actions_t? = nil
  #else
    private var actions = posix_spawn_file_actions_t()
  #endif

  /// `arguments[0]` is the program's path.
  public init(_ arguments: [String]) {
    self.arguments = arguments
    argv = arguments.map { strdup($0) } + [nil]
    // Built from Foundation's copy rather than the C global `environ`, which Darwin's
    // headers do not declare.
    environment = ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  }

  deinit {
    posix_spawn_file_actions_destroy(&actions)
    for pointer in argv + environment { free(pointer) }
  }

  /// Runs it to the end: whether it started and exited with status 0.
  public func run() -> Bool {
    var pid: pid_t = 0
    var status: Int32 = 0
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environment) == 0, waitpid(pid, &status, 0) == pid else {
      return false
    }
    return status == 0
  }
}
