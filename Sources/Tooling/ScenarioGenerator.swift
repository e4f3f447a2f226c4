import Reports

/// Random valid scenarios for property and differential tests: a few parameters, events,
/// screens and tips with random rules and options, then random actions. Seeded: the same
/// seed, the same scenario.
public struct ScenarioGenerator {
  var rng: SplitMix64
  var frequency: String

  public init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
    frequency = ["immediate", "hourly", "daily", "weekly"][Int(rng.next() % 4)]
  }

  mutating func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
  mutating func chance(_ p: Double) -> Bool { rng.nextDouble() < p }

  /// The definitions and `actions` random actions, one per line.
  public mutating func scenario(actions: Int, allowResets: Bool = true) -> [String] {
    var lines = ["start 2026-11-01T09:00", "frequency \(frequency)", "param p0 = false", "param p1 = 0", "event e0(k)", "event e1"]
    lines.append("screen s0: a0 a1 a2")
    lines.append("screen s1: b0 b1")
    let anchors = ["s0.a0", "s0.a1", "s0.a2", "s1.b0", "s1.b1"]
    for t in 0..<5 {
      lines.append("tip t\(t)")
      lines.append("  title \"Tip \(t)\"")
      lines.append("  anchor \(anchors[t])\(chance(0.3) ? " inline" : "")")
      // One tip the app displays at two places (no draw: each seed's scenario stays as it was).
      if t == 3 { lines.append("  anchor s0.a2") }
      if chance(0.5) {
        lines.append(
          "  rule "
            + pick([
              "p0 == true", "p1 >= 1", "e0.count(within: 2d) >= 1", "e1.count >= 2", "e0.largestSubset(by: k, within: 1d) >= 2", "not p0",
              "e0.count(within: 3h) >= 2", "e0.count(within: 1d) > 2", "e0.count(within: 3h) < 2",
            ]))
      }
      if chance(0.5) { lines.append("  maxDisplayCount \(1 + Int(rng.next() % 3))") }
      if chance(0.2) { lines.append("  maxDisplayDuration \(60 + Int(rng.next() % 600))s") }
      if chance(0.2) { lines.append("  ignoresDisplayFrequency") }
    }
    if chance(0.3) { lines.append("group g \(pick(["ordered", "firstAvailable"])): t1 t3") }
    lines.append("launch")
    var running = true
    for _ in 0..<actions {
      let roll = Int(rng.next() % 100)
      switch roll {
      case 0..<15 where running: lines.append("open \(pick(["s0", "s1"]))")
      case 15..<25 where running: lines.append("close \(pick(["s0", "s1"]))")
      case 25..<35: lines.append("set p0 \(pick(["true", "false"]))")
      case 35..<40: lines.append("set p1 \(Int(rng.next() % 3))")
      case 40..<52: lines.append(pick(["donate e0 k=\(Int(rng.next() % 2))", "donate e1"]))
      case 52..<70: lines.append("advance \(1 + Int(rng.next() % 3000))\(pick(["s", "m", "h"]))")
      case 70..<74 where running: lines.append("dismiss t\(Int(rng.next() % 5))")
      case 74..<78 where running: lines.append("tapoutside t\(Int(rng.next() % 5))")
      case 78..<80 where running: lines.append("invalidate t\(Int(rng.next() % 5)) actionPerformed")
      case 80..<83 where allowResets: lines.append("reset eligibility t\(Int(rng.next() % 5))")
      case 83..<86 where running:
        lines.append("quit")
        running = false
      case 86..<89 where !running:
        if allowResets && chance(0.3) { lines.append("reset") }
        lines.append("launch")
        running = true
      default: lines.append("advance \(1 + Int(rng.next() % 48))h")
      }
    }
    return lines
  }
}
