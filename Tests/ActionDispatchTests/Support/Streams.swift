import ActionDispatchTesting

/// Elements a streaming run delivered, with a way to await the n-th without sleeping.
@MainActor
final class Inbox<Value> {
  private(set) var values: [Value] = []
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  func append(_ value: Value) {
    values.append(value)
    let ready = waiters.filter { $0.count <= values.count }
    waiters.removeAll { $0.count <= values.count }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once at least `count` values arrived.
  func arrivals(_ count: Int) async {
    guard values.count < count else { return }
    await withCheckedContinuation { waiters.append((count, $0)) }
  }
}

/// A sequence whose n-th element is produced only when the n-th gate opens — ignoring
/// cancellation, like a sequence that cannot be interrupted.
struct GatedSequence: AsyncSequence, Sendable {
  let gates: [Gate]

  init(count: Int) {
    gates = (0..<count).map { _ in Gate() }
  }

  struct AsyncIterator: AsyncIteratorProtocol {
    let gates: [Gate]
    var index = 0

    mutating func next() async -> Int? {
      guard index < gates.count else { return nil }
      await gates[index].passIgnoringCancellation()
      index += 1
      return index
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(gates: gates) }
}
