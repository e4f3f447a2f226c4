import SwiftUI
import TipKit

final class TipsModel {
  let sort = SortTip()
  let filter = FilterTip()
  lazy var group = TipGroup(.ordered) {
    self.sort
    self.filter
  }
}

final class TipCoordinator {
  let sync = SyncTip()
  let backup = BackupTip()
  var prefersBackup = false

  func nextTip() -> (any Tip)? {
    if prefersBackup { return backup }
    return sync
  }
}

struct ListView: View {
  @State private var showHints = true
  let model = TipsModel()
  let coordinator = TipCoordinator()
  private var pending: Any? = DraftTip()

  var body: some View {
    List {
      if let current = model.group.currentTip as? SortTip {
        TipView(current)
      }
      if let next = coordinator.nextTip() {
        TipView(AnyTip(next))
      }
      draftHint
    }
    .safeAreaInset(edge: .bottom) {
      if #available(iOS 17, *), showHints {
        TipView(ShareTip.shared)
      }
    }
    .onAppear {
      ExternalPresenter(tip: InviteTip()).attach()
    }
  }

  @ViewBuilder private var draftHint: some View {
    if let draft = pending as? DraftTip {
      TipView(draft)
    }
  }
}

struct PreviewOnlyView: View {
  var body: some View {
    TipView(PreviewTip())
  }
}

#Preview {
  PreviewOnlyView()
}
