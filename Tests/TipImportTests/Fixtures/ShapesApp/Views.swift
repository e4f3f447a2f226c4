import SwiftUI
import TipKit
import UIKit

/// A row the app builds, which calls its closure when the user picks it.
struct PickerRow: View {
  let title: String
  let onPick: () -> Void

  var body: some View {
    Text(title).onTapGesture { onPick() }
  }
}

struct ShapesView: View {
  @State private var count = 0

  var body: some View {
    List {
      TipView(ItemsTip())
      TipView(VisitsTip())
      PickerRow(title: "One", onPick: { PickTip.picked.sendDonation() })
        .popoverTip(PickTip())
      Text("First").popoverTip(FirstTip()) { _ in
        SecondTip.firstDone = true
      }
      TipView(SecondTip())
      Text("Third").popoverTip(ThirdTip()) { _ in
        FourthTip.thirdDone = true
      }
      TipView(FourthTip())
      TipView(ModernShareTip()).tipViewStyle(.closing)
      TipView(LegacyShareTip())
      Button("Share") {
        if #available(iOS 18, *) {
          ModernShareTip.sharedModern.donate()
        } else {
          LegacyShareTip.sharedLegacy.donate()
        }
      }
    }
    .onAppear {
      TourState.refresh(itemCount: count)
      if UserDefaults.standard.bool(forKey: "introShown") { TourState.seenIntro = true }
      bump(&TourState.visits)
    }
  }

  private func bump(_ value: inout Int) {
    value += 1
  }
}

/// Its badge donates as it is computed, which no reaction or action of the import runs; its
/// count's observer writes a parameter when the app sets it.
struct BadgeView: View {
  var count = 0 {
    didSet { TourState.visits = count }
  }

  var badge: String {
    TrackTip.opened.sendDonation()
    return "\(count)"
  }

  var body: some View { Text(badge) }
}

final class SidesViewController: UIViewController {
  private let leftButton = UIButton()
  private let rightButton = UIButton()

  func showLeft() {
    let tip = LeftTip()
    present(TipUIPopoverViewController(tip, sourceItem: leftButton), animated: true)
  }

  func showRight() {
    let tip = RightTip()
    present(TipUIPopoverViewController(tip, sourceItem: rightButton), animated: true)
  }
}

/// A style whose own button ends the tip it shows, applied as a static member.
struct ClosingTipStyle: TipViewStyle {
  func makeBody(configuration: Configuration) -> some View {
    HStack {
      configuration.title
      Button("Done") { configuration.tip.invalidate(reason: .tipClosed) }
    }
  }
}

extension TipViewStyle where Self == ClosingTipStyle {
  static var closing: ClosingTipStyle { ClosingTipStyle() }
}
