// The engine's public values (`Instant`, `TipStatus`, `InvalidationReason`) come with the
// library's one import.
@_exported import TipEngine
