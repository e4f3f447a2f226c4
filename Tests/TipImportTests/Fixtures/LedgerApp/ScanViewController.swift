import SwiftUI
import TipKit
import UIKit

/// Shows a tip above a view controller while TipKit says it should display.
final class InlineTipPresenter {
  private weak var host: UIViewController?

  init(host: UIViewController) {
    self.host = host
  }

  func show(_ tip: some Tip) {
    Task { @MainActor in
      for await shouldDisplay in tip.shouldDisplayUpdates {
        guard shouldDisplay, let host else { continue }
        let tipView = TipUIView(tip)
        host.view.addSubview(tipView)
      }
    }
  }
}

final class ScanViewController: UIViewController {
  private lazy var presenter = InlineTipPresenter(host: self)

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    presenter.show(ScanTip())
  }
}
