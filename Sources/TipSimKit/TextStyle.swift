/// ANSI colours for the text log, or none: colour only on a terminal and never with NO_COLOR
/// or TERM=dumb (decided by the caller).
public struct TextStyle: Sendable {
  public var colors: Bool

  public init(colors: Bool) { self.colors = colors }

  public static let plain = TextStyle(colors: false)

  func paint(_ text: String, _ code: String) -> String { colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
  func green(_ s: String) -> String { paint(s, "32") }
  func red(_ s: String) -> String { paint(s, "31") }
  func yellow(_ s: String) -> String { paint(s, "33") }
  func dim(_ s: String) -> String { paint(s, "2") }
  func bold(_ s: String) -> String { paint(s, "1") }
  func cyan(_ s: String) -> String { paint(s, "36") }
}
