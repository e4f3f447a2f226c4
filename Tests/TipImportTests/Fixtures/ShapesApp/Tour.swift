import SwiftUI
import TipKit

extension View {
  func tourTip<T: Tip>(_ tip: T?) -> some View {
    modifier(TourModifier(tip: tip))
  }

  func captioned(_ caption: String) -> some View {
    overlay(Text(caption))
  }
}

private struct TourModifier<T: Tip>: ViewModifier {
  let tip: T?

  func body(content: Content) -> some View {
    content.popoverTip(tip)
  }
}

struct TourView: View {
  var body: some View {
    Text("Steps").captioned("first").tourTip(Tour.steps.currentTip as? StepOneTip)
  }
}

struct EventsView: View {
  var body: some View {
    VStack {
      Button("Open") { Analytics.track(TrackTip.opened) }
        .popoverTip(TrackTip())
      Button("Forward") { ExternalForwarder.forward(ForwardTip.forwarded) }
        .popoverTip(ForwardTip())
    }
  }
}

final class PeopleStore {
  var people: [String] = []
  var hasPeople: Bool { !people.isEmpty }
}

struct PeopleView: View {
  let store = PeopleStore()

  var body: some View {
    if store.hasPeople {
      Text("People")
    } else {
      TipView(NoPeopleTip())
    }
  }
}

struct StartView: View {
  var body: some View {
    if !Onboarding.started() { TipView(StartTip()) }
  }
}
