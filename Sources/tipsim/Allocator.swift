import HostOS

// The condition Package.swift links mimalloc under: Linux, and no TIPSIM_NO_MIMALLOC (which
// defines TIPSIM_MIMALLOC). Not `canImport(CMimalloc)`: a build for a Mac may see the module.
#if os(Linux) && TIPSIM_MIMALLOC
  import CMimalloc
#endif

/// Which allocator serves `malloc` in this process, for `tipsim bench` to say what its
/// figures were measured on. On Linux the executable links mimalloc (see `Package.swift`);
/// it serves `malloc` only when it comes before the C library in the symbol lookup order,
/// so that is checked rather than assumed.
enum Allocator {
  static var description: String {
    #if os(Linux) && TIPSIM_MIMALLOC
      let version = Int(mi_version())
      let name = "mimalloc \(version / 100).\(version / 10 % 10).\(version % 10)"
      let malloc = HostOS.symbolAddress("malloc")
      let serves = malloc != nil && malloc == HostOS.symbolAddress("mi_malloc")
      return serves ? name : "another malloc (\(name) is linked but does not serve malloc)"
    #else
      return "the system's malloc"
    #endif
  }
}
