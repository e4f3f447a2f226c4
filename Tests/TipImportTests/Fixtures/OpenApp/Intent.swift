import AppIntents

/// App Intents have a `@Parameter` of their own: an intent's input, not TipKit's.
struct OpenLibraryIntent: AppIntent {
  static let title: LocalizedStringResource = "Open the library"
  @Parameter(title: "Shelf") var shelf: String

  func perform() async throws -> some IntentResult { .result() }
}
