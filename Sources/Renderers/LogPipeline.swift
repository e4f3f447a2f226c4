import Dispatch
import Foundation
import Simulation
import TipEngine

/// Renders a run's log on a second core while the run goes on. Outputs are gathered in
/// batches; a batch renders on the pipeline's own thread while the statements after it run,
/// and each batch's text reaches `write` whole and in order, on the caller's thread. The log
/// is therefore byte-identical to rendering each output in place: only when the text is made
/// changes.
public struct LogPipeline {
  /// Outputs per batch: enough that handing a batch over (which wakes the render thread)
  /// costs nothing next to rendering it, few enough that a slow statement does not hold back
  /// much of the log before it.
  public static let batchSize = 1024

  public let format: OutputFormat
  public let file: String
  private var batch: [Item] = []
  /// The batch's records of commands, which the session appends here as it runs them
  /// (`Session.execute(_:appendingTo:)`, then `addRecords(from:timeZone:write:)`): one array
  /// for the whole batch, instead of one made, grown and freed for each command.
  public var records: [LogRecord] = []
  /// How many outputs `batch` holds.
  private var batchCount = 0
  private var inFlight: Rendering?
  /// A written batch's rendering, its buffer emptied, for the next batch to render into,
  /// rather than a buffer allocated on the worker for each batch and freed here.
  private var spare: Rendering?
  /// While the script is not yet known to parse, rendered batches are kept here, unwritten,
  /// until `release(write:)` or `discard()`. Kept as the batches' own buffers: appending
  /// them to one array copied the log again as the array grew, and touched twice the memory.
  private var held: [Rendering]?
  /// The thread that renders, started with the first full batch: a run of fewer outputs
  /// renders on the caller's thread (`flush(write:)`) and starts none.
  private var renderer: RenderThread?

  /// Records of commands (a range of `records`), or one statement's other outputs, kept as
  /// the array they came in, not copied into the batch.
  public struct Item: Sendable {
    var records: Range<Int>
    var outputs: [SessionOutput]
    /// The world's time zone when the outputs were made: a later `timezone` changes it.
    var timeZone: SimTimeZone
  }

  /// One batch's text as UTF-8, written by the render thread (or by `flush`) before it
  /// signals `done`, and read only after. It stays bytes: making it a string validated every
  /// byte again.
  private final class Rendering: @unchecked Sendable {
    var text = ByteBuffer()
    let done = DispatchSemaphore(value: 0)
  }

  /// `holding`: keep the rendered log until `release(write:)` rather than writing it.
  public init(format: OutputFormat, file: String, holding: Bool = false) {
    self.format = format
    self.file = file
    held = holding ? [] : nil
    batch.reserveCapacity(Self.batchSize)
    records.reserveCapacity(Self.recordCapacity)
  }

  /// Room for a batch's records and the command that completes it.
  private static let recordCapacity = batchSize + batchSize / 4

  public mutating func add(_ outputs: [SessionOutput], timeZone: SimTimeZone, write: (UnsafeRawBufferPointer) -> Void) {
    batch.append(Item(records: records.count..<records.count, outputs: outputs, timeZone: timeZone))
    for output in outputs {
      if case .records(let records) = output { batchCount += records.count } else { batchCount += 1 }
    }
    if batchCount >= Self.batchSize { submit(write: write) }
  }

  /// Counts the records appended to `records` since `start`, made in `timeZone`; a run of
  /// commands in one time zone is one item.
  public mutating func addRecords(from start: Int, timeZone: SimTimeZone, write: (UnsafeRawBufferPointer) -> Void) {
    let end = records.count
    guard end > start else { return }
    let last = batch.count - 1
    if last >= 0, batch[last].outputs.isEmpty, batch[last].records.upperBound == start, batch[last].timeZone == timeZone {
      batch[last].records = batch[last].records.lowerBound..<end
    } else {
      batch.append(Item(records: start..<end, outputs: [], timeZone: timeZone))
    }
    batchCount += end - start
    if batchCount >= Self.batchSize { submit(write: write) }
  }

  /// Writes everything added so far: before a diagnostic, the summary, or the end. The
  /// batch not yet full renders here, once the one in flight is written: handing it over
  /// only to wait for it cost a wake-up, and a short run a thread.
  public mutating func flush(write: (UnsafeRawBufferPointer) -> Void) {
    if !batch.isEmpty { submit(write: write, here: true) }
    collect(write: write)
  }

  /// Whether the rendered log is being held back.
  public var isHolding: Bool { held != nil }

  /// Writes everything added so far, the held log first, and stops holding.
  public mutating func release(write: (UnsafeRawBufferPointer) -> Void) {
    flush(write: write)
    for rendering in held ?? [] where !rendering.text.isEmpty { rendering.text.withUnsafeBytes(write) }
    held = nil
  }

  /// Drops everything added so far, unwritten, the held log included, and stops holding (a
  /// run that starts again, or a script that does not parse).
  public mutating func discard() {
    batch.removeAll(keepingCapacity: true)
    records.removeAll(keepingCapacity: true)
    batchCount = 0
    if let rendering = inFlight { rendering.done.wait() }
    inFlight = nil
    held = nil
  }

  /// Hands the batch to the render thread once the previous one is written, so at most one
  /// renders while the caller goes on; `here`: renders it on this thread instead.
  private mutating func submit(write: (UnsafeRawBufferPointer) -> Void, here: Bool = false) {
    collect(write: write)
    let items = batch
    batch.removeAll(keepingCapacity: true)
    // The records go to the render thread, which frees them; the next batch starts a new
    // array. They are moved into the hand-over, not copied: a copy kept here until this
    // method returned could outlive the render's start, and the render thread, taking records
    // out of an array it did not hold alone, copied the whole batch (and this thread freed
    // the original).
    let handOver = HandOver()
    swap(&handOver.records, &records)
    records.reserveCapacity(Self.recordCapacity)
    batchCount = 0
    let rendering = spare ?? Rendering()
    spare = nil
    let format = format
    let file = file
    let job: @Sendable () -> Void = {
      // The renderer's own array, so that its records can be taken out of it (`render`).
      var records: [LogRecord] = []
      swap(&records, &handOver.records)
      LogPipeline.render(items, &records, format: format, file: file, into: &rendering.text)
      rendering.done.signal()
    }
    if here {
      job()
    } else {
      if renderer == nil { renderer = RenderThread() }
      renderer?.run(job)
    }
    inFlight = rendering
  }

  private mutating func collect(write: (UnsafeRawBufferPointer) -> Void) {
    guard let rendering = inFlight else { return }
    inFlight = nil
    rendering.done.wait()
    if held != nil {
      held?.append(rendering)
    } else {
      if !rendering.text.isEmpty { rendering.text.withUnsafeBytes(write) }
      rendering.text.removeLast(from: 0)
      spare = rendering
    }
  }

  /// A batch's records on their way to the render thread, which takes them (one reference to
  /// the array, so that it is the render thread's alone).
  private final class HandOver: @unchecked Sendable {
    var records: [LogRecord] = []
  }

  /// A thread that runs the jobs it is given, in order, and ends when the last reference to
  /// it goes: a thread of its own renders faster than dispatch workers did.
  private final class RenderThread: @unchecked Sendable {
    private let mailbox = Mailbox()

    init() {
      let mailbox = mailbox
      let thread = Thread {
        while let job = mailbox.next() { job() }
      }
      thread.start()
    }

    func run(_ job: @escaping @Sendable () -> Void) { mailbox.post(job) }

    deinit { mailbox.close() }

    /// The jobs, held apart from the `RenderThread` so that the thread does not keep it alive.
    private final class Mailbox: @unchecked Sendable {
      private let condition = NSCondition()
      // Guarded by `condition`.
      private var jobs: [@Sendable () -> Void] = []
      private var closed = false

      func post(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
      }

      func close() {
        condition.lock()
        closed = true
        condition.signal()
        condition.unlock()
      }

      /// The next job, once there is one; nil once closed with none left.
      func next() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty && !closed { condition.wait() }
        return jobs.isEmpty ? nil : jobs.removeFirst()
      }
    }
  }

  /// The batch's lines, each ending in a newline. Text outputs (`help`, `timeline`) are not
  /// part of a JSON log. Each record is taken out of `records` as it is written (`.quit` is
  /// left in its place), so that no copy retains and releases the names and arrays it shares
  /// with the runner's world, whose reference counts the runner's core writes too.
  public static func render(
    _ items: [Item], _ records: inout [LogRecord], format: OutputFormat, file: String
  ) -> ByteBuffer {
    var bytes = ByteBuffer()
    render(items, &records, format: format, file: file, into: &bytes)
    return bytes
  }

  /// The same, appended to `bytes` (an emptied buffer of an earlier batch, reused).
  public static func render(
    _ items: [Item], _ records: inout [LogRecord], format: OutputFormat, file: String, into bytes: inout ByteBuffer
  ) {
    func take(_ index: Int) -> LogRecord {
      var record = LogRecord(instant: Instant(seconds: 0), event: .quit)
      swap(&record, &records[index])
      return record
    }
    // Both formats write bytes into one buffer.
    // Room for a batch of the usual records (a suppression's takes about 200 bytes), so the
    // buffer seldom grows.
    bytes.reserveCapacity(bytes.count + (items.count + records.count) * 192)
    switch format {
    case .text(let style):
      var renderer = TextRenderer(timeZone: .utc, style: style, file: file)
      render(items, take, with: &renderer, printsText: true, into: &bytes)
    case .json:
      var renderer = JSONRenderer(timeZone: .utc)
      render(items, take, with: &renderer, printsText: false, into: &bytes)
    }
  }

  /// Each item's records, then its outputs, a line each, in its time zone; the text of an
  /// output only where `printsText` (JSON Lines carries records alone).
  private static func render<Renderer: LogRenderer>(
    _ items: [Item], _ take: (Int) -> LogRecord, with renderer: inout Renderer, printsText: Bool, into bytes: inout ByteBuffer
  ) {
    for item in items {
      renderer.timeZone = item.timeZone
      for index in item.records {
        renderer.append(take(index), to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
      }
      for output in item.outputs {
        switch output {
        case .records(let records):
          for record in records {
            renderer.append(record, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
          }
        case .text(let output) where printsText && !output.isEmpty:
          bytes.append(utf8: output)
          bytes.append(UInt8(ascii: "\n"))
        case .text:
          break
        }
      }
    }
  }
}

/// What a log's batches need of a renderer: its time zone, and a record appended as bytes.
protocol LogRenderer {
  var timeZone: SimTimeZone { get set }
  func append(_ record: LogRecord, to out: inout ByteBuffer)
}

extension TextRenderer: LogRenderer {}
extension JSONRenderer: LogRenderer {}
