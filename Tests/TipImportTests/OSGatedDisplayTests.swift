import Foundation
import Runner
import Testing
import TipImport

/// Display APIs only some OS versions have (rule 44): the importer reads them and says which
/// OS each needs; a popover that lets taps through becomes `presentation passthrough`, which
/// TipSim runs as SwiftUI's default popover before iOS 26.
@Suite struct OSGatedDisplayTests {
  static let app = """
    import SwiftUI
    import TipKit
    import UIKit

    struct MapTip: Tip { var title: Text { Text("Pan the map") } }
    struct TrailTip: Tip { var title: Text { Text("Favorite a trail") } }
    struct RowTip: Tip { var title: Text { Text("Swipe a row") } }

    struct MapScreen: View {
      @State private var showsMapTip = true
      var body: some View {
        VStack {
          Text("Map").popoverTip(MapTip(), isPresented: $showsMapTip).tipBackgroundInteraction(.enabled)
          Button("Star") {}.tipAnchor("star")
          TipView(TrailTip(), anchorID: "star")
        }
        .task { try? Tips.configure() }
      }
    }

    final class RowCell: TipUICollectionViewCell {
      func show() { configureTip(RowTip()) }
    }
    """

  @Test func rule44_theImporterReadsEachOSGatedDisplayAndSaysWhatItNeeds() throws {
    let result = try imported([("Gated/App.swift", Self.app)])
    let text = result.scenario
    #expect(text.contains("it uses the isPresented: binding (iOS 26)"), "\(text)")
    #expect(text.contains("it uses tipBackgroundInteraction (iOS 26)"))
    #expect(text.contains("it uses TipView(anchorID:) pointing at a tipAnchor(_:) view (iOS 26)"))
    #expect(text.contains("it uses TipUICollectionViewCell's configureTip (iOS 18)"))
    let map = result.definitions.drop { $0 != "tip mapTip" && $0 != "tip MapTip" }
    #expect(map.prefix(6).contains("  presentation passthrough"), "\(result.definitions)")
    #expect(result.definitions.contains { $0.hasPrefix("  anchor ") && $0.hasSuffix(" inline via anchorID") })
    #expect(result.definitions.contains { $0.hasPrefix("  anchor ") && $0.hasSuffix(" inline via collectionViewCell") })
    // The imported scenario runs; on iOS 18.2 the passthrough popover warns once.
    let run = ScenarioRunner.run(source: "device phone os 18.2\n" + text + "launch\n")
    #expect(run.exitCode == 0, "\(run.errors)")
    #expect(run.transcript.contains("tipBackgroundInteraction(_:) needs iOS 26"))
  }
}
