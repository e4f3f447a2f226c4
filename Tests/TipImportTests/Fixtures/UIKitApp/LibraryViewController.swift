import TipKit
import UIKit

final class LibraryViewController: UIViewController {
  private let libraryTip = LibraryTip()
  private let addButton = UIBarButtonItem(systemItem: .add)
  private var tipTask: Task<Void, Never>?

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    tipTask = Task { @MainActor in
      for await shouldDisplay in libraryTip.shouldDisplayUpdates {
        if shouldDisplay {
          let popover = TipUIPopoverViewController(libraryTip, sourceItem: addButton)
          present(popover, animated: true)
        } else if presentedViewController is TipUIPopoverViewController {
          dismiss(animated: true)
        }
      }
    }
  }
}

final class StatusViewController: UIViewController {
  private let statusTip = StatusTip()

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    Task {
      for await status in statusTip.statusUpdates {
        if status == .available {
          present(TipUIPopoverViewController(statusTip, sourceItem: navigationItem.rightBarButtonItem!), animated: true)
        }
      }
    }
  }
}
