import SwiftUI
import TipKit

struct BackyardListView: View {
  @State private var onboardingTips = TipGroup(.ordered) {
    Onboarding.WelcomeTip()
    Onboarding.SearchTip()
  }

  var body: some View {
    List {
      TipView(AddBackyardTip())
      if let tip = onboardingTips.currentTip {
        TipView(tip)
      }
    }
    .toolbar {
      Button("Add") {
        Task { await AddBackyardTip.addedBackyard.donate() }
      }
    }
    .searchable(text: .constant(""))
    .onSubmit(of: .search) {
      Onboarding.SearchTip.searchesToday += 1
    }
  }
}
