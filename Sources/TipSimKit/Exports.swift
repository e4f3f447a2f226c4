// The engine's values a test names come with the library's one import, and nothing else of
// the modules behind it: those are public to each other (so the optimiser sees across them)
// but are not the library's API.
@_exported import struct TipEngine.Instant
@_exported import enum TipEngine.InvalidationReason
@_exported import enum TipEngine.TipStatus
