/// How `include FILE` reads the file it names. The runner and the shell read the file
/// system; a bare parser and a sandboxed run (the fuzzers) read nothing.
public struct IncludeReader: Sendable {
  /// A file read for an `include`.
  public struct File: Sendable, Equatable {
    /// The name diagnostics and the log give it: the path as seen from where `tipsim` runs.
    public var name: String
    /// Its full path, to tell one file from another (an include that loops).
    public var path: String
    public var text: String

    public init(name: String, path: String, text: String) {
      self.name = name
      self.path = path
      self.text = text
    }
  }

  /// Reads `path` as written in an `include` line of `includer` (nil: of the scenario run),
  /// or says why it cannot.
  public var read: @Sendable (_ path: String, _ includer: File?) -> Result<File, IncludeProblem>

  public init(read: @escaping @Sendable (_ path: String, _ includer: File?) -> Result<File, IncludeProblem>) { self.read = read }

  /// Reads nothing: `include` is an error that says so.
  public static let none = IncludeReader { _, _ in .failure(IncludeProblem("`include` reads a file, which this run does not allow")) }

  /// Files included inside each other deeper than this are refused.
  public static let maximumDepth = 16
}

/// Why an included file could not be read.
public struct IncludeProblem: Error, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}

extension Parser {
  /// A parser for a help example, whose `include` reads an empty file.
  public static func examples(_ source: String) -> Parser {
    var parser = Parser(source: source)
    parser.includes = IncludeReader { path, _ in .success(IncludeReader.File(name: path, path: path, text: "")) }
    return parser
  }
}
