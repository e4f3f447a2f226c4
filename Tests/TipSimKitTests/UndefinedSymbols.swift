/// Which of the symbols a module's objects leave undefined (`nm -u`) are calls into the C
/// library, read from the lines `nm` prints: what no module but HostOS may make. A pure
/// function of the text, so that each construct can be shown to be caught.
enum UndefinedSymbols {
  /// One symbol that is a C call, as `nm` printed it, and why it is one.
  struct Refusal: Equatable, CustomStringConvertible {
    var symbol: String
    var why: String

    var description: String { "\(symbol) (\(why))" }
  }

  /// The C functions and data Swift's code generation reaches by itself, whatever the source
  /// says: memory moves, the allocator's, the stack protector and Darwin's stack probe,
  /// blocks, Darwin's `bzero`/`memset_pattern` forms of `memset`, 128-bit and half-float
  /// helpers of the compiler's runtime, and libm (`Foundation` rounds and divides through it).
  static let codeGeneration: Set<String> = [
    "memcpy", "memmove", "memset", "memcmp", "memchr", "bcmp", "bzero", "__bzero", "memset_pattern4", "memset_pattern8",
    "memset_pattern16", "malloc", "free", "malloc_usable_size", "malloc_size", "__stack_chk_fail", "__stack_chk_guard",
    "__chkstk_darwin", "_Block_copy", "_Block_release", "_Block_object_assign", "_Block_object_dispose", "_NSConcreteStackBlock",
    "_NSConcreteGlobalBlock", "__divti3", "__udivti3", "__modti3", "__umodti3", "__muloti4", "__powidf2", "__powisf2",
    "__extendhfsf2", "__truncsfhf2", "__truncdfhf2", "__gnu_h2f_ieee", "__gnu_f2h_ieee", "__sincos_stret", "__sincosf_stret",
    "__exp10", "__exp10f", "sincos", "sincosf",
  ]

  /// libm's functions, each also with `f` (Float) and `l` (Float80) after it.
  static let libm: Set<String> = [
    "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil", "copysign", "cos", "cosh", "erf", "erfc", "exp", "exp2",
    "expm1", "fabs", "fdim", "floor", "fma", "fmax", "fmin", "fmod", "hypot", "ldexp", "lgamma", "log", "log10", "log1p", "log2", "logb",
    "nearbyint", "nextafter", "pow", "remainder", "rint", "round", "scalbn", "sin", "sinh", "sqrt", "tan", "tanh", "tgamma", "trunc",
  ]

  /// The C libraries a module wraps by design, by the prefixes of their functions: libedit in
  /// the shell, mimalloc in the executable.
  static let wrapped: [String: [String]] = ["Shell": ["el_", "history"], "tipsim": ["mi_"]]

  /// The C library's Swift overlays, whose functions are the C library's (`Glibc.open`,
  /// `Glibc.errno`, `Darwin.ioctl`), mangled as `$s` + the module's name with its length.
  static let overlays = ["Glibc", "Darwin", "Musl"]

  /// The C calls among `lines` (the output of `nm -u` over `module`'s objects). `machO`: the
  /// objects are Mach-O, whose names carry one more leading underscore than ELF's.
  static func refusals(in lines: [String], module: String, machO: Bool) -> [Refusal] {
    var found: [Refusal] = []
    var seen: Set<String> = []
    for line in lines {
      guard let symbol = symbol(onLine: line), seen.insert(symbol).inserted else { continue }
      let name = machO && symbol.hasPrefix("_") ? String(symbol.dropFirst()) : symbol
      if let why = refusal(of: name, module: module) { found.append(Refusal(symbol: symbol, why: why)) }
    }
    return found
  }

  /// The symbol on a line of `nm -u` (`   U name`, or the name alone as Darwin's `nm -u`
  /// prints it); nil for a file's header (`File.swift.o:`) and blank lines.
  static func symbol(onLine line: String) -> String? {
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    switch fields.count {
    case 1: return line.hasSuffix(".o:") ? nil : String(fields[0])
    case 2 where fields[0] == "U": return String(fields[1])
    default: return nil
    }
  }

  /// Why `name` (its Mach-O underscore taken off) is a C call, or nil when it is not.
  static func refusal(of name: String, module: String) -> String? {
    if name.hasPrefix("$s") { return swiftRefusal(of: name.dropFirst(2)) }
    if name.hasPrefix("swift") || name.hasPrefix("_swift") { return nil }  // Swift's runtime
    // Objective-C's runtime and classes, which Darwin's Foundation is made of.
    if name.hasPrefix("objc_") || name.hasPrefix("_objc_") || name.hasPrefix("OBJC_") { return nil }
    if codeGeneration.contains(name) { return nil }
    if libm.contains(name) || ((name.hasSuffix("f") || name.hasSuffix("l")) && libm.contains(String(name.dropLast()))) { return nil }
    if let prefixes = wrapped[module], prefixes.contains(where: name.hasPrefix) { return nil }
    return "a C function or variable"
  }

  /// A Swift symbol (after `$s`) that is a C library overlay's or an imported C type's.
  private static func swiftRefusal(of mangled: Substring) -> String? {
    for overlay in overlays where mangled.hasPrefix("\(overlay.count)\(overlay)") {
      return "the C library through Swift's \(overlay) overlay"
    }
    guard mangled.hasPrefix("So") else { return nil }
    guard let (name, kind) = importedType(mangled.dropFirst(2)) else { return "an imported C declaration" }
    // Objective-C classes (Darwin's Foundation: NSString, NSThread…) and Foundation's own C
    // types are what Foundation's API is made of.
    if kind == "C" || ["NS", "_NS", "CF", "__CF", "OS_"].contains(where: name.hasPrefix) { return nil }
    return "the imported C type \(name)"
  }

  /// The name and kind (`V` a struct or enum, `C` a class…) of an imported type mangled as
  /// `<length><name><kind>`; nil when it is not written so.
  private static func importedType(_ mangled: Substring) -> (name: Substring, kind: Character)? {
    let digits = mangled.prefix { $0.isASCII && $0.isNumber }
    guard let length = Int(digits), length > 0 else { return nil }
    let rest = mangled.dropFirst(digits.count)
    guard rest.count > length else { return nil }
    return (rest.prefix(length), rest[rest.index(rest.startIndex, offsetBy: length)])
  }
}
