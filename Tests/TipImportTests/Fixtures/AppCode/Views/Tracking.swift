import SwiftUI
import TipKit

extension View {
  /// Counts the visits of whichever screen uses it.
  func countsVisits() -> some View {
    onAppear { SaveTip.visits += 1 }
  }
}

struct TrackScreen: ViewModifier {
  func body(content: Content) -> some View {
    content.onAppear {
      Task { await SaveTip.screenSeen.donate() }
    }
  }
}
