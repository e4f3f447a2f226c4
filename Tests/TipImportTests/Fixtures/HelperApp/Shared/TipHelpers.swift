import SwiftUI
import TipKit

extension View {
  /// The app's own helper: an onboarding popover, shown only when `condition` holds.
  func onboardingTip(_ tip: some Tip, when condition: Bool) -> some View {
    popoverTip(condition ? tip : nil)
  }

  /// A helper that goes through a view modifier.
  func hint(_ tip: some Tip) -> some View {
    modifier(HintModifier(tip: tip))
  }
}

struct HintModifier: ViewModifier {
  let tip: any Tip

  func body(content: Content) -> some View {
    content.popoverTip(tip, arrowEdge: .bottom)
  }
}
