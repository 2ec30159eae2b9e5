import ActionDispatch
import ActionDispatchTesting
import Testing

struct Boom: Error, Equatable {}

@Suite(.serialExecutor) struct GateAndStubTests {
  @Test func gateHoldsWorkUntilOpened() async throws {
    let gate = Gate()
    let passed = Stub<Void, Void>(returning: ())
    let task = Task {
      try await gate.pass()
      try await passed()
    }
    await gate.arrivals(1)
    #expect(passed.callCount == 0)
    gate.open()
    try await task.value
    #expect(passed.callCount == 1)
    try await gate.pass()
    #expect(gate.arrivalCount == 2)
  }

  @Test func cancelledPasserThrows() async {
    let gate = Gate()
    let task = Task { try await gate.pass() }
    await gate.arrivals(1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func stubReturnsThrowsAndRecords() async throws {
    let stub = Stub<String, Int>(returning: 1)
    #expect(try await stub("a") == 1)
    stub.fail(with: Boom())
    await #expect(throws: Boom.self) { try await stub("b") }
    stub.handle { $0.count }
    #expect(try await stub("three") == 5)
    #expect(stub.calls == ["a", "b", "three"])
    #expect(stub.callCount == 3)
  }

  @Test func stubErrorDescribesItselfByItsMessage() async throws {
    let stub = Stub<Void, Int>(throwing: StubError("load failed"))
    await #expect(throws: StubError("load failed")) { try await stub() }
    #expect(StubError("load failed").description == "load failed")
    #expect(String(describing: StubError("load failed")) == "load failed")
  }

  @MainActor
  @Test func stubErrorMessageIsWhatAViewModelShows() async {
    let viewModel = SampleViewModel()
    await viewModel.run(.load) { throw StubError("load failed") }.value
    #expect(viewModel.errorMessage(for: .load) == "load failed")
  }
}
