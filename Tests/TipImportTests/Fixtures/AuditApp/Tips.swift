import SwiftUI
import TipKit

/// Shows after the user has shared three notes: found by the audit's search.
struct ShareTip: Tip {
  static let noteShared = Event(id: "noteShared")
  var title: Text { Text("Share faster") }
  var rules: [Rule] {
    #Rule(Self.noteShared) { $0.donations.count >= 3 }
  }
  var options: [any TipOption] { [Tips.MaxDisplayCount(3)] }
}

/// Never displayed anywhere.
struct ArchiveTip: Tip {
  var title: Text { Text("Archive old notes") }
}

/// Reads an event that no code donates.
struct ExportTip: Tip {
  static let noteExported = Event(id: "noteExported")
  var title: Text { Text("Export to PDF") }
  var rules: [Rule] {
    #Rule(Self.noteExported) { $0.donations.count >= 1 }
  }
}

/// Reads a parameter that no code writes.
struct SyncTip: Tip {
  @Parameter static var isSignedIn: Bool = false
  var title: Text { Text("Sync your notes") }
  var rules: [Rule] {
    #Rule(Self.$isSignedIn) { $0 == true }
  }
  var options: [any TipOption] { [Tips.MaxDisplayCount(1)] }
}

/// Needs a plan the app never writes: it writes only 1.
struct PinTip: Tip {
  @Parameter static var plan: Int = 0
  var title: Text { Text("Pin a note") }
  var rules: [Rule] {
    #Rule(Self.$plan) { $0 == 2 }
  }
}

/// Its rules exclude each other.
struct TagTip: Tip {
  @Parameter static var notes: Int = 0
  var title: Text { Text("Tag notes") }
  var rules: [Rule] {
    #Rule(Self.$notes) { $0 > 5 }
    #Rule(Self.$notes) { $0 < 3 }
  }
}

/// Waits in an ordered group behind ExportTip, which never shows.
struct FolderTip: Tip {
  var title: Text { Text("Use folders") }
}

/// Its own screen donates what its rule needs to be zero.
struct WelcomeTip: Tip {
  static let listViewed = Event(id: "listViewed")
  var title: Text { Text("Welcome") }
  var rules: [Rule] {
    #Rule(Self.listViewed) { $0.donations.count == 0 }
  }
}

/// Groups by a field the app computes.
struct FavoriteTip: Tip {
  struct Visit: Codable, Sendable { let noteID: Int }
  static let noteOpened = Tips.Event<Visit>(id: "noteOpened")
  var title: Text { Text("Favorite this note") }
  var rules: [Rule] {
    #Rule(Self.noteOpened) { $0.donations.largestSubset(by: \.noteID).count >= 2 }
  }
  var options: [any TipOption] { [Tips.MaxDisplayCount(2)] }
}

/// No count, no duration, no invalidation: it returns until the user closes it.
struct SearchTip: Tip {
  var title: Text { Text("Search your notes") }
}
