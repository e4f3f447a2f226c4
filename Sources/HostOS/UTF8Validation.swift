#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension String {
  /// The text of `bytes` if they are valid UTF-8, else nil. Written out because
  /// `String(validating:as:)` needs macOS 15 / iOS 18. Decoding repairs what is not UTF-8
  /// (a replacement character where the first bad byte was), so the bytes come back the
  /// same exactly when they were valid; both steps run at the standard library's speed.
  public init?(validatingUTF8Bytes bytes: UnsafeBufferPointer<UInt8>) {
    var text = String(decoding: bytes, as: UTF8.self)
    let same = text.withUTF8 { decoded in
      decoded.count == bytes.count && (bytes.isEmpty || memcmp(decoded.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
    }
    guard same else { return nil }
    self = text
  }

  public init?(validatingUTF8Bytes bytes: [UInt8]) {
    guard let text = bytes.withUnsafeBufferPointer({ String(validatingUTF8Bytes: $0) }) else { return nil }
    self = text
  }
}
