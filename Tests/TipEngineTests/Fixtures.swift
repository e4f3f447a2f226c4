import TipEngine

/// An arbitrary instant to start from; tests never read the clock.
let t0 = Instant(seconds: 1_790_000_000)

/// An engine with the given definitions, configured at `t0` unless told otherwise.
func makeEngine(
  tips: [TipDefinition], parameters: [ParameterDefinition] = [], events: [EventDefinition] = [],
  groups: [TipGroup] = [], frequency: DisplayFrequency = .immediate, configured: Bool = true
) -> TipEngine {
  var engine = TipEngine()
  for p in parameters { engine.catalog.define(p) }
  for e in events { engine.catalog.define(e) }
  for t in tips { engine.catalog.define(t) }
  for g in groups { engine.catalog.define(g) }
  engine.configuration.frequency = frequency
  if configured { engine.configure(at: t0) }
  return engine
}

func tip(_ name: String, rules: [Expression] = [], options: TipOptions = TipOptions(), id: String? = nil) -> TipDefinition {
  TipDefinition(name: name, id: id, title: name, rules: rules, options: options)
}

func param(_ name: String) -> Expression { .parameter(name) }
func eq(_ e: Expression, _ v: Value) -> Expression { .comparison(e, .equal, .literal(v)) }
func ge(_ e: Expression, _ n: Int) -> Expression { .comparison(e, .greaterOrEqual, .literal(.int(n))) }

/// Shows a tip for `span` starting at `at`.
func display(_ engine: inout TipEngine, _ tip: String, at: Instant, for span: TimeSpan = .zero) {
  _ = engine.beginDisplay(of: tip, at: at)
  _ = engine.endDisplay(of: tip, at: at + span)
}
