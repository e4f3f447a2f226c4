import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension HostOS {
  /// The process's resident memory in bytes (`task_info` on Darwin, `/proc/self/statm` on
  /// Linux); nil where it is not measured.
  public static func residentBytes() -> Int? {
    #if canImport(Darwin)
      var info = mach_task_basic_info()
      var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
      let result = withUnsafeMutablePointer(to: &info) {
        $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
          task_info(ownTask, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
        }
      }
      return result == KERN_SUCCESS ? Int(info.resident_size) : nil
    #elseif os(Linux)
      guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
      let fields = text.split(separator: " ")
      guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
      return nil
    #endif
  }

  #if canImport(Darwin)
    // The task's port, asked once: the C global `mach_task_self_` is shared mutable state
    // to Swift 6 in SDKs before macOS 15.2.
    private static let ownTask: mach_port_t = task_self_trap()
  #endif
}
