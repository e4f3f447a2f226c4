import TipEngine

/// One of TipKit's tip options (spec rules 21–24), as the language spells it: the one table
/// the parser, `whatif`, `help`, completion, `model` and the importer read. A new option is
/// a field of `TipOptions`, an entry here, and the engine's rule that acts on it
/// (docs/Architecture.md, "Adding a tip option").
public struct TipOption: Sendable {
  /// What the option's line takes.
  public enum Kind: Sendable {
    /// A whole number, at least 1.
    case count
    /// A duration longer than 0s.
    case duration
    /// `true` (the word alone) or `false`.
    case flag
  }

  /// An option's value.
  public enum Value: Hashable, Sendable, CustomStringConvertible {
    case count(Int)
    case duration(TimeSpan)
    case flag(Bool)

    public var description: String {
      switch self {
      case .count(let n): String(n)
      case .duration(let d): d.description
      case .flag(let b): String(b)
      }
    }
  }

  /// The word of a `tip` block's line and of `whatif TIP.WORD`.
  public let word: String
  /// The Swift type an app writes in its tip's `options`.
  public let swiftName: String
  public let kind: Kind
  /// What a count is, in an error (`a display count`).
  let countWhat: String
  /// `help`'s line, and its example.
  public let summary: String
  public let example: String
  /// What `model` says of a tip with this value.
  public let fact: @Sendable (Value) -> String
  /// The tip's value, nil when unset (a flag: when false).
  public let read: @Sendable (TipOptions) -> Value?
  /// Sets the value; nil unsets it.
  public let write: @Sendable (inout TipOptions, Value?) -> Void

  /// `help`'s syntax of the line.
  public var syntax: String {
    switch kind {
    case .count: "\(word) N"
    case .duration: "\(word) DURATION"
    case .flag: "\(word) [false]"
    }
  }

  /// The values completion offers after the word.
  public var completions: [String] { kind == .flag ? ["true", "false"] : [] }

  public static let all = [
    TipOption(
      word: "maxDisplayCount", swiftName: "MaxDisplayCount", kind: .count, countWhat: "a display count",
      summary: "invalidated after N displays (rules 21, 22)", example: "maxDisplayCount 3",
      fact: { value in
        guard case .count(let n) = value else { return "" }
        return "max \(n) display\(n == 1 ? "" : "s")"
      },
      read: { $0.maxDisplayCount.map(Value.count) },
      write: { options, value in
        if case .count(let n)? = value { options.maxDisplayCount = n } else { options.maxDisplayCount = nil }
      }),
    TipOption(
      word: "maxDisplayDuration", swiftName: "MaxDisplayDuration", kind: .duration, countWhat: "",
      summary: "invalidated after that long on screen in total, but never before a display has lasted 60 s (rule 24)",
      example: "maxDisplayDuration 2m",
      fact: { "max \($0) on screen" },
      read: { $0.maxDisplayDuration.map(Value.duration) },
      write: { options, value in
        if case .duration(let d)? = value { options.maxDisplayDuration = d } else { options.maxDisplayDuration = nil }
      }),
    TipOption(
      word: "ignoresDisplayFrequency", swiftName: "IgnoresDisplayFrequency", kind: .flag, countWhat: "",
      summary: "may appear although the frequency interval has not passed (rule 23)", example: "ignoresDisplayFrequency",
      fact: { _ in "ignores the display frequency" },
      read: { $0.ignoresDisplayFrequency ? .flag(true) : nil },
      write: { options, value in options.ignoresDisplayFrequency = value == .flag(true) }),
  ]

  public static var words: [String] { all.map(\.word) }

  public static func named(_ word: String) -> TipOption? { all.first { $0.word == word } }

  /// Reads the value of the option's line in a `tip` block (the cursor after the word).
  func parseLine(_ c: inout Cursor) throws(Diagnostic) -> Value {
    switch kind {
    case .count:
      let n = try c.integer(countWhat)
      guard n.value >= 1 else { throw Diagnostic("\(word) must be at least 1", at: n.location, length: n.length) }
      return .count(n.value)
    case .duration:
      let d = try c.duration()
      guard d.value.seconds > 0 else { throw Diagnostic("\(word) must be longer than 0s", at: d.location, length: d.length) }
      return .duration(d.value)
    case .flag:
      return .flag(c.atEnd ? true : (try c.value().value == .bool(true)))
    }
  }

  /// Reads `whatif TIP.WORD VALUE`'s value: `none` unsets a count or a duration.
  func parseWhatIf(_ c: inout Cursor) throws(Diagnostic) -> Value? {
    let none = c.take(word: "none")
    switch kind {
    case .count:
      let n = none ? nil : try c.integer("\(countWhat) or none")
      if let n, n.value < 1 { throw Diagnostic("\(word) must be at least 1", at: n.location, length: n.length) }
      return n.map { .count($0.value) }
    case .duration:
      return none ? nil : .duration(try c.duration().value)
    case .flag:
      return .flag(try c.value().value == .bool(true))
    }
  }
}
