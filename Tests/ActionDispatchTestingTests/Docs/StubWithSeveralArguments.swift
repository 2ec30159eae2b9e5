import ActionDispatchTesting
import Testing

protocol DirectoryService: Sendable {
  func isListed(_ login: String, page: Int) async throws -> Bool
}

final class MockDirectoryService: DirectoryService {
  let isListedStub = Stub<(login: String, page: Int), Bool>(returning: true)

  func isListed(_ login: String, page: Int) async throws -> Bool {
    try await isListedStub((login, page))
  }
}

@Suite(.serialExecutor) struct StubWithSeveralArgumentsTests {
  @Test func theStubRecordsBothArguments() async throws {
    let service = MockDirectoryService()

    _ = try await service.isListed("octocat", page: 2)

    #expect(service.isListedStub.calls.map(\.login) == ["octocat"])
    #expect(service.isListedStub.calls.elementsEqual([("octocat", 2)]) { $0 == $1 })
  }
}
