/// A line of a `tip` block: the one list the parser's words, `help` and completion read. The
/// option lines come from `TipOption`.
public struct TipBlockLine: Sendable {
  public var word: String
  public var syntax: String
  public var summary: String
  public var example: String

  public static let all: [TipBlockLine] =
    [
      TipBlockLine(
        word: "title", syntax: "title \"...\"", summary: "the text users read (default: the name)", example: "title \"Save as a Favorite\""),
      TipBlockLine(
        word: "message", syntax: "message \"...\"", summary: "a second line of text, optional", example: "message \"Tap the star.\""),
      TipBlockLine(word: "image", syntax: "image NAME", summary: "an SF Symbol or image name, optional", example: "image \"star\""),
      TipBlockLine(
        word: "anchor", syntax: "anchor SCREEN.ANCHOR [inline|popover] [via collectionViewCell|anchorID]",
        summary:
          "where it appears: a popover pointing at the anchor (default) or inline in the layout (rule 35); via: drawn by TipUICollectionViewCell (iOS 18) or TipView(anchorID:) (iOS 26)",
        example: "anchor detail.favoriteButton"),
      TipBlockLine(
        word: "rule", syntax: "rule EXPRESSION",
        summary: "a condition on parameters and donated events; any number, all must hold (rule 19; `help rules`)",
        example: "rule viewedBackyard.count(within: 5d) >= 3"),
    ]
    + TipOption.all.map { TipBlockLine(word: $0.word, syntax: $0.syntax, summary: $0.summary, example: $0.example) }
    + [
      TipBlockLine(
        word: "action", syntax: "action [ID] \"Title\"", summary: "a button on the tip; without an id it gets its index (rule 8)",
        example: "action favorite \"Favorite it\""),
      TipBlockLine(
        word: "id", syntax: "id NAME", summary: "the persisted id (default: the tip's name); tips with one id share their state (rule 1)",
        example: "id \"favorite-backyard\""),
      TipBlockLine(
        word: "presentation", syntax: "presentation blocking|tapToDismiss|passthrough",
        summary: "what other taps on the screen do while it shows (default: TipKit's for the kind)",
        example: "presentation tapToDismiss"),
      TipBlockLine(
        word: "style", syntax: "style custom|default", summary: "drawn with a custom TipViewStyle (rule 41)", example: "style custom"),
    ]

  public static var words: [String] { all.map(\.word) }
}
