import SwiftUI
import TipKit

struct Item: Identifiable { let id: Int }

struct HomeView: View {
  @State private var items: [Item] = []
  private let first = FirstStepTip()
  private let second = SecondStepTip()
  @State private var steps: TipGroup
  private let statusTip = StatusTip()
  @ObservedObject var feed: NewsFeed

  init() { _steps = State(initialValue: TipGroup(.ordered) { first; second }) }

  var body: some View {
    VStack {
      TipView(SharedTip.shared)
      TipView(wrapped(WrappedTip()))
      if let tip = steps.currentTip as? FirstStepTip { TipView(tip) }
      ChildView(tip: ChildTip())
      Presenter(tip: PresentedTip()).view()
      if items.isEmpty { Text("Nothing yet") } else { listWithTips }
      if Build.isBeta { TipView(BetaTip()) }
      hint(HomeHintTip())
      TipView(statusTip)
      TipView(AfterStatusTip())
      ForEach(items) { _ in
        Text("A row").onAppear { RowTip.rowSeen.sendDonation() }
      }
      TipView(RowTip())
      if feed.hasNews { TipView(NewsTip()) }
    }
    .task {
      for await status in statusTip.statusUpdates {
        if case .invalidated = status { StatusTip.statusEnded = true }
      }
    }
  }

  var listWithTips: some View { List { TipView(ListTip()) } }

  func wrapped<T: Tip>(_ tip: T) -> T { tip }

  private func hint(_ tip: some Tip) -> some View { TipView(tip).padding() }
}

struct SettingsView: View {
  @State private var steps = TipGroup(.firstAvailable) { OtherFirstTip(); OtherSecondTip() }

  var body: some View {
    VStack {
      TipView(steps.currentTip)
      hint(SettingsHintTip())
      TipView(NewsTip())
    }
  }

  private func hint(_ tip: some Tip) -> some View { TipView(tip) }
}

/// A child view given its tip by whoever builds it.
struct ChildView: View {
  let tip: any Tip
  var body: some View { TipView(tip) }
}

/// Shows the tip it is built with.
struct Presenter<T: Tip> {
  let tip: T
  func view() -> some View { TipView(tip) }
}
