/// ANSI colours for the text log, or none: colour only on a terminal and never with NO_COLOR
/// or TERM=dumb (decided by the caller).
public struct TextStyle: Sendable {
  public var colors: Bool

  public init(colors: Bool) { self.colors = colors }

  public static let plain = TextStyle(colors: false)

  /// An SGR code.
  enum Color: String {
    case green = "32"
    case red = "31"
    case yellow = "33"
    case dim = "2"
    case bold = "1"
    case cyan = "36"
  }

  func paint(_ text: String, _ color: Color) -> String {
    guard colors else { return text }
    var bytes = ByteBuffer()
    paint(color, into: &bytes) { $0.append(utf8: text) }
    return bytes.string
  }
  public func green(_ s: String) -> String { paint(s, .green) }
  public func red(_ s: String) -> String { paint(s, .red) }
  func yellow(_ s: String) -> String { paint(s, .yellow) }
  public func dim(_ s: String) -> String { paint(s, .dim) }
  func bold(_ s: String) -> String { paint(s, .bold) }
  func cyan(_ s: String) -> String { paint(s, .cyan) }

  /// Appends what `write` appends to `out`, in `color` when there is one and colours are on.
  func paint(_ color: Color?, into out: inout ByteBuffer, _ write: (inout ByteBuffer) -> Void) {
    guard colors, let color else { return write(&out) }
    out.append(utf8: "\u{1B}[")
    out.append(utf8: color.rawValue)
    out.append(UInt8(ascii: "m"))
    write(&out)
    out.append(utf8: "\u{1B}[0m")
  }
}
