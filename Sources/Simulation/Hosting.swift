/// How a screen hosts its SwiftUI tip views (spec rule 40).
public enum Hosting: String, Hashable, Sendable, CaseIterable {
  /// A SwiftUI screen.
  case swiftui
  /// A child `UIHostingController` inside UIKit.
  case hostingController
  /// A `UIHostingConfiguration` cell or header inside UIKit.
  case hostingConfiguration
  /// UIKit's own tip views (`TipUIView`, `TipUIPopoverViewController`): a popover's
  /// `passthroughViews` let taps through on every iOS.
  case uikit
}
