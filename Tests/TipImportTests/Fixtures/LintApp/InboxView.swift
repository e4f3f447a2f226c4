import SwiftUI
import TipKit

struct InboxView: View {
  static let archiveTip = ArchiveTip()

  var body: some View {
    List {
      TipView(FeatureTip(feature: "Search"))
      TipView(FeatureTip(feature: "Filters"))
      TipView(SessionTip())
      Text("Mail").popoverTip(Self.archiveTip)
      Text("Quick").popoverTip(QuickTip())
    }
    .onAppear {
      ArchiveTip.swiped.donate()
    }
  }
}
