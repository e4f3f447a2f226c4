import SwiftUI
import TipKit

/// Shown through its shared instance, inside a `.safeAreaInset` under `#available` and a flag.
struct ShareTip: Tip {
  static let shared = ShareTip()
  var title: Text { Text("Share your list") }
}

/// The two members of a group a model builds from its own properties.
struct SortTip: Tip {
  var title: Text { Text("Sort it") }
}

struct FilterTip: Tip {
  var title: Text { Text("Filter it") }
}

/// Chosen by a coordinator that returns `(any Tip)?`.
struct SyncTip: Tip {
  var title: Text { Text("Sync now") }
}

struct BackupTip: Tip {
  var title: Text { Text("Back up") }
}

/// Shown by a helper class in a `shouldDisplayUpdates` loop, through `TipUIView`.
struct ScanTip: Tip {
  var title: Text { Text("Scan a code") }
}

/// Kept as `Any?` and cast back in a guard.
struct DraftTip: Tip {
  var title: Text { Text("Finish your draft") }
}

/// Handed to a presenter type the sources read do not declare.
struct InviteTip: Tip {
  var title: Text { Text("Invite a friend") }
}

/// Displayed only by a view that only a preview builds.
struct PreviewTip: Tip {
  var title: Text { Text("Only in previews") }
}

/// Displayed nowhere.
struct UnusedTip: Tip {
  var title: Text { Text("Never used") }
}
