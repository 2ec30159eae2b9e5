import Scaffolding
import Testing

@Suite struct NamesTests {
  @Test func namesComeFromTheViewModelWithoutItsSuffix() throws {
    let names = try ViewModelNames(viewModel: "FollowerListViewModel")
    #expect(names.base == "FollowerList")
    #expect(names.actionEnum == "FollowerListAction")
    #expect(names.serviceProtocol == "FollowerListService")
    #expect(names.mockService == "MockFollowerListService")
  }

  @Test func aNameWithoutTheSuffixIsItsOwnBase() throws {
    #expect(try ViewModelNames(viewModel: "Settings").actionEnum == "SettingsAction")
    #expect(try ViewModelNames(viewModel: "ViewModel").actionEnum == "ViewModelAction")
  }

  @Test func aGivenMockWins() throws {
    #expect(try ViewModelNames(viewModel: "FollowersViewModel", mockService: "FakeFeed").mockService == "FakeFeed")
  }

  @Test func badNamesAreRejectedWithTheirRole() {
    #expect(throws: InvalidNameError(name: "my-vm", role: .viewModel, reason: .invalidCharacter("-"))) {
      try ViewModelNames(viewModel: "my-vm")
    }
    #expect(throws: InvalidNameError(name: "struct", role: .mockService, reason: .keyword)) {
      try ViewModelNames(viewModel: "ProfileViewModel", mockService: "struct")
    }
    #expect(throws: InvalidNameError(name: "", role: .module, reason: .empty)) {
      try ActionScaffold(action: "load", viewModel: "ProfileViewModel", module: "")
    }
    #expect(throws: InvalidNameError(name: "Type", role: .action, reason: .keyword)) {
      try ActionScaffold(action: "Type", viewModel: "ProfileViewModel")
    }
  }

  @Test(arguments: [
    ("Tests/ConsumerAppTests/FollowerListViewModelUnfollowTests.swift", "ConsumerApp"),
    ("/repo/Tests/ConsumerAppTests/", "ConsumerApp"),
    ("Tests/ConsumerAppTests", "ConsumerApp"),
    ("Examples/ConsumerApp/Tests/ConsumerAppTests/Sub/X.swift", "ConsumerApp"),
    ("Sources/MyApp", "MyApp"),
    ("Sources/MyApp/ViewModels/ProfileViewModel.swift", "MyApp"),
  ])
  func theModuleIsInferredFromTheOutputPath(_ path: String, _ module: String) {
    #expect(ModuleInference.module(forOutputPath: path) == module)
  }

  @Test(arguments: ["X.swift", "/tmp/out", "Tests/Tests/X.swift", "Tests/my-appTests/X.swift", "Sources/X.swift", ""])
  func noModuleIsInferredOutsideTheLayout(_ path: String) {
    #expect(ModuleInference.module(forOutputPath: path) == nil)
  }
}
