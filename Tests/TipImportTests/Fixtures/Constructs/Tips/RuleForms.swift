import SwiftUI
import TipKit

/// Every parameter comparison TipSim reads.
struct ParameterRulesTip: Tip {
  @Parameter static var isPro: Bool = false
  @Parameter static var launches: Int = 0
  @Parameter static var rating: Double = 4
  @Parameter static var plan: String = "free"
  @Parameter static var theme: Theme = .light

  enum Theme: String, Codable { case light, dark }

  var title: Text { Text("Parameter rules") }

  var rules: [Rule] {
    #Rule(Self.$isPro) { $0 }
    #Rule(Self.$launches) { value in value >= 3 }
    #Rule(Self.$rating) { $0 > 4.5 }
    #Rule(Self.$plan) { $0 != "enterprise" }
    #Rule(Self.$theme) { $0 == .dark }
  }
}

/// Negations, another type's parameter, and a settings enum's.
struct NegatedRulesTip: Tip {
  var title: Text { Text("Negated rules") }

  var rules: [Rule] {
    [
      #Rule(ParameterRulesTip.$isPro) { !$0 },
      #Rule(Settings.$seenIntro) { $0 == false },
      #Rule(Settings.$visits) { ($0 > 1 && $0 < 10) || $0 == 42 },
    ]
  }
}

enum Settings {
  @Parameter static var seenIntro: Bool = false
  @Parameter static var visits: Int = 0
  @Parameter static var isPro: Bool = false
}

struct SettingsProTip: Tip {
  var title: Text { Text("Settings") }
  var rules: [Rule] { #Rule(Settings.$isPro) { $0 == true } }
}
