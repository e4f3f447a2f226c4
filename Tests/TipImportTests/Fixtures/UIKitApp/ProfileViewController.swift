import TipKit
import UIKit

final class ProfileViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    let tipView = TipUIView(ProfileTip())
    view.addSubview(tipView)
    LibraryTip.launches = 0
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    ProfileTip().invalidate(reason: .tipClosed)
  }
}

final class FeedViewController: UICollectionViewController {
  private let feedTip = FeedTip()

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    Task { await FeedTip.scrolled.donate() }
  }

  override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tip", for: indexPath) as! TipUICollectionViewCell
    cell.configureTip(feedTip)
    return cell
  }

  @objc func filterTapped(_ sender: UIBarButtonItem) {
    presentTip(FilterTip(), from: sender)
  }
}

extension UIViewController {
  /// The app's own helper: every screen presents its popover tips through it.
  func presentTip(_ tip: some Tip, from item: UIBarButtonItem) {
    let popover = TipUIPopoverViewController(tip, sourceItem: item)
    present(popover, animated: true)
  }
}
