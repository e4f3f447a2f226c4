import AppKit
import TipKit

final class EditorViewController: NSViewController {
  private let inspectorTip = InspectorTip()
  private var popover: TipNSPopover?
  @IBOutlet private var inspectorButton: NSButton!

  override func viewDidAppear() {
    super.viewDidAppear()
    Task { @MainActor in
      for await shouldDisplay in inspectorTip.shouldDisplayUpdates {
        if shouldDisplay {
          let popover = TipNSPopover(inspectorTip)
          popover.show(relativeTo: inspectorButton.bounds, of: inspectorButton, preferredEdge: .maxY)
          self.popover = popover
        } else {
          popover?.close()
        }
      }
    }
  }
}

final class SidebarViewController: NSViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(TipNSView(SidebarTip()))
  }
}
