import ActionDispatchTesting
import Testing

/// `Stub.stream(_:)`: "The call is recorded when the sequence is first iterated; the elements are
/// the value the stub returns, in order, then the sequence finishes — or throws what the stub
/// throws. Cancelling the iterating task ends the sequence."
///
/// A stream that called its stub when made would have recorded the call by the yield below: on
/// the serial executor, one yield lets every job enqueued before it run.
@Suite(.serialExecutor) struct StubStreamTests {
  @Test func aStreamNobodyIteratesRecordsNoCall() async {
    let stub = Stub<String, [Int]>(returning: [1, 2])
    let stream = stub.stream("never iterated")
    await Task.yield()
    #expect(stub.callCount == 0)
    _ = stream
  }

  @Test func theCallIsRecordedWhenTheStreamIsFirstIteratedWithItsInput() async throws {
    let stub = Stub<String, [Int]>(returning: [1, 2])
    var iterator = stub.stream("octocat").makeAsyncIterator()
    #expect(stub.callCount == 0)
    #expect(try await iterator.next() == 1)
    #expect(stub.calls == ["octocat"])
    #expect(try await iterator.next() == 2)
    #expect(try await iterator.next() == nil)
    #expect(stub.callCount == 1)
  }

  @Test func whatTheStubIsToldAfterTheStreamIsMadeIsWhatItYields() async throws {
    let stub = Stub<Void, [Int]>(returning: [1])
    let stream = stub.stream()
    await Task.yield()
    stub.succeed(with: [7, 8, 9])
    var seen: [Int] = []
    for try await element in stream { seen.append(element) }
    #expect(seen == [7, 8, 9])
  }

  @Test func aFailingStubMakesTheStreamThrowAndThenEnd() async throws {
    let stub = Stub<Void, [Int]>(returning: [])
    let stream = stub.stream()
    stub.fail(with: StubError("offline"))
    var iterator = stream.makeAsyncIterator()
    await #expect(throws: StubError("offline")) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
    #expect(stub.callCount == 1)
  }

  @Test func cancellingTheIteratingTaskEndsTheSequence() async throws {
    let gate = Gate()
    let stub = Stub<Void, [Int]>(returning: [])
    stub.handle { _ in
      try await gate.pass()
      return [1, 2, 3]
    }
    let stream = stub.stream()
    let consumer = Task {
      var seen: [Int] = []
      for try await element in stream { seen.append(element) }
      return seen
    }
    await gate.arrivals(1)
    consumer.cancel()
    // The stub's wait is cancelled with the iterating task, so the sequence ends without elements.
    let ending = await consumer.result
    switch ending {
    case .success(let seen): #expect(seen.isEmpty)
    case .failure(let error): #expect(error is CancellationError)
    }
  }
}
