/// What a ``StreamStub`` knows, behind its lock: its calls, each stream it made, and the tests
/// waiting for a consumer to get somewhere.
///
/// A value with no side effects: each change returns the continuations to resume, which the
/// stub resumes after the lock is released.
struct StreamStubState<Input, Element: Sendable> {
  /// One stream the stub made, from the consumer's first request to its end.
  struct Channel {
    /// What the test sent and the consumer has not taken yet, in order.
    var queue: [Pending] = []
    /// How many events (elements and the end) the test sent to this stream.
    var sent = 0
    /// How many times the consumer asked for the next element.
    var requests = 0
    /// The consumer, while it waits for the test's next event.
    var consumer: CheckedContinuation<Element?, any Error>?
    /// How the stream ended, once the consumer saw the end or cancelled.
    var ending: StreamEnding?
  }

  /// What the test sent.
  enum Pending {
    case element(Element)
    case finish
    case failure(any Error)
  }

  /// A test waiting for a condition on the state, and its time limit's timer.
  struct Waiter {
    var condition: (StreamStubState) -> Bool
    var continuation: CheckedContinuation<Void, any Error>
  }

  var calls: [Input] = []
  var channels: [Channel] = []
  var waiters: [UInt64: Waiter] = [:]
  var nextWaiterID: UInt64 = 0

  /// The stream the test's next event goes to: the newest that has not ended.
  var openChannel: Int? {
    guard let last = channels.indices.last, channels[last].ending == nil else { return nil }
    return last
  }

  /// Removes and returns the waiters whose condition now holds.
  mutating func satisfiedWaiters() -> [CheckedContinuation<Void, any Error>] {
    let ready = waiters.filter { $0.value.condition(self) }
    for id in ready.keys { waiters[id] = nil }
    return ready.map(\.value.continuation)
  }

  /// Queues an event of the test on the open stream, handing it to a waiting consumer.
  ///
  /// - Returns: The stream and the event's number in it, and the consumer to resume with it.
  mutating func send(_ event: Pending) -> (channel: Int, number: Int, handOff: (() -> Void)?)? {
    guard let index = openChannel else { return nil }
    let number = channels[index].sent
    channels[index].sent += 1
    channels[index].queue.append(event)
    guard let consumer = channels[index].consumer else { return (index, number, nil) }
    channels[index].consumer = nil
    let handOff = take(from: index, resuming: consumer)
    return (index, number, handOff)
  }

  /// Gives the consumer of `index` the next queued event.
  ///
  /// - Returns: What resumes the consumer with it.
  mutating func take(from index: Int, resuming consumer: CheckedContinuation<Element?, any Error>) -> () -> Void {
    switch channels[index].queue.removeFirst() {
    case .element(let element):
      return { consumer.resume(returning: element) }
    case .finish:
      channels[index].ending = .finished
      return { consumer.resume(returning: nil) }
    case .failure(let error):
      channels[index].ending = .failed
      return { consumer.resume(throwing: error) }
    }
  }

  /// Whether the consumer of `index` has handled event `number`: it asked for the one after,
  /// or the stream ended.
  func handled(_ number: Int, of index: Int) -> Bool {
    channels[index].requests > number + 1 || channels[index].ending != nil
  }
}
