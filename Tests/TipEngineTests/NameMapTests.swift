import Testing
import TipEngine

/// `NameMap` is `[String: Value]` with a cheaper hash: the same answers for any names.
@Suite struct NameMapTests {
  /// Names of every length around the 8-byte words the hash reads, non-ASCII ones, and
  /// names that differ only in their last byte.
  static let names: [String] = {
    var names: [String] = ["", "a", "tip", "é", "tipé", "tip\u{301}", "🐦", "favoriteBackyard", "favoriteBackyarD"]
    for length in 1...40 { names.append(String(repeating: "x", count: length)) }
    for i in 0..<300 { names.append("tip\(i)") }
    return names
  }()

  @Test func answersLikeADictionaryThroughInsertionsUpdatesAndRemovals() {
    var map = NameMap<Int>()
    var dictionary: [String: Int] = [:]
    var state: UInt64 = 42
    for step in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let name = NameMapTests.names[Int(state >> 33) % NameMapTests.names.count]
      switch step % 4 {
      case 0, 1:
        map[name] = step
        dictionary[name] = step
      case 2:
        #expect(map.removeValue(forKey: name) == dictionary.removeValue(forKey: name))
      default:
        map[name, default: 0] += 1
        dictionary[name, default: 0] += 1
      }
      #expect(map[name] == dictionary[name])
      #expect(map.contains(name) == (dictionary[name] != nil))
    }
    #expect(map.count == dictionary.count)
    #expect(map.keys.sorted() == dictionary.keys.sorted())
    for name in NameMapTests.names { #expect(map[name] == dictionary[name]) }
    #expect(Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value) }) == dictionary)
  }

  @Test func equalMapsAreEqualWhateverTheirHistory() {
    var one = NameMap<Int>()
    var two = NameMap<Int>()
    for (i, name) in NameMapTests.names.enumerated() { one[name] = i }
    for (i, name) in NameMapTests.names.enumerated().reversed() { two[name] = i }
    two["extra"] = 1
    two.removeValue(forKey: "extra")
    #expect(one == two)
    #expect(one.hashValue == two.hashValue)
    two["tip1"] = -1
    #expect(one != two)
    #expect(one.filter { $0.key != "tip1" } == two.filter { $0.key != "tip1" })
    #expect(one.mapValues { $0 * 2 }["tip7"] == one["tip7"].map { $0 * 2 })
  }

  /// A name is found whatever the representation of the string it is looked up with: stored
  /// inline (up to 15 bytes) or on the heap, as a string built in a reserved buffer is.
  @Test func aNameIsFoundWhateverItsStringsRepresentation() {
    var map = NameMap<Int>()
    for (i, name) in NameMapTests.names.enumerated() { map[name] = i }
    for (i, name) in NameMapTests.names.enumerated() {
      var heap = ""
      heap.reserveCapacity(64)
      heap += name
      let substring = ("<" + name + ">").dropFirst().dropLast()
      #expect(map[heap] == i)
      #expect(map[String(substring)] == i)
    }
  }

  /// Names compare by their bytes: two normalization forms are two names.
  @Test func namesCompareByTheirBytes() {
    var map = NameMap<Int>()
    map["caf\u{E9}"] = 1
    map["cafe\u{301}"] = 2
    #expect(map.count == 2)
    #expect(map["caf\u{E9}"] == 1)
    #expect(map["cafe\u{301}"] == 2)
  }
}
