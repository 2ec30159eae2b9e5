import Scaffolding
import Testing

/// Issue 39, items 1 and 6: what scaffold generates is strict — each of the three tests goes
/// through an exhaustive `StrictHarness` — and a view model made with a clock gets a `TestClock`,
/// which the tests of a debounced action advance.
@Suite struct StrictScaffoldTests {
  /// The body of each generated test, by name, from `@Test func <name>()` (or
  /// `func test<Name>()`) to the next test.
  static func bodies(of contents: String) -> [String: String] {
    var bodies: [String: String] = [:]
    var name: String?
    for line in contents.split(separator: "\n", omittingEmptySubsequences: false) {
      if let range = line.range(of: #"func \w+\(\)"#, options: .regularExpression) {
        let found = String(line[range].dropFirst("func ".count).dropLast(2))
        name = found
        bodies[found] = ""
      } else if let current = name {
        bodies[current, default: ""] += line + "\n"
      }
    }
    return bodies
  }

  @Test func eachOfTheThreeTestsGoesThroughAnExhaustiveHarness() throws {
    for stream in [nil, "String"] as [String?] {
      let scaffold = try ActionScaffold(
        action: "unfollow", viewModel: "FollowerListViewModel", module: "ConsumerApp", streamElement: stream)
      let contents = scaffold.testFile.contents
      #expect(
        contents.contains("@Suite(.serialExecutor, .strict(.exhaustive)) struct FollowerListViewModelUnfollowTests"))
      let bodies = Self.bodies(of: contents)
      #expect(bodies.keys.sorted() == ["unfollowFailure", "unfollowLifecycle", "unfollowSuccess"])
      for (name, body) in bodies {
        #expect(body.contains("    let harness = StrictHarness(viewModel)"), "\(name)")
        #expect(body.contains("    let run = harness.send { _ in viewModel.unfollow() }\n"), "\(name)")
        #expect(body.contains("    harness.expect(.startedLoading(.unfollow))\n    await run.value\n"), "\(name)")
        #expect(!body.contains("ImmediateClock") && !body.contains("sleep"), "\(name)")
      }
      #expect(try #require(bodies["unfollowSuccess"]).contains("    harness.expect(.stoppedLoading(.unfollow))\n"))
      #expect(
        try #require(bodies["unfollowFailure"]).contains(
          #"    harness.expect(.failed(.unfollow, "unfollow failed"), .stoppedLoading(.unfollow))"# + "\n"))
      #expect(try #require(bodies["unfollowLifecycle"]).contains("    harness.expect(.stoppedLoading(.unfollow))\n"))
    }
  }

  @Test func aClockParameterIsKeptEvenWithADefaultAndGetsTheTestClock() throws {
    let source = """
      @MainActor @Observable final class SearchViewModel: BaseViewModel<SearchAction> {
        private let service: any SearchService
        init(service: any SearchService, clock: any Clock<Duration> = ContinuousClock(), pageSize: Int = 20) {
          self.service = service
          super.init(clock: clock)
        }
      }
      """
    let index = SourceIndex(files: [("Sources/App/SearchViewModel.swift", source)])
    let parameters = try #require(index.initializer(of: "SearchViewModel"))
    #expect(parameters.map(\.label) == ["service", "clock"], "pageSize has a default and is no clock")
    #expect(parameters.map(\.type) == ["any SearchService", "any Clock<Duration>"])
    #expect(parameters.map(\.hasDefault) == [false, true])
    let construction = ViewModelConstruction(
      viewModel: "SearchViewModel", serviceProtocol: "SearchService", parameters: parameters)
    #expect(construction.expression == "SearchViewModel(service: service, clock: clock)")
    #expect(construction.passesClock)
  }

  /// A debounced action's scaffold, made with a test clock.
  static func debounced(_ framework: TestFramework = .swiftTesting) throws -> ActionScaffold {
    var facts = ViewModelFacts()
    facts.makeViewModel = "SearchViewModel(service: service, clock: clock)"
    facts.passesTestClock = true
    return try ActionScaffold(
      action: "suggest(String)", viewModel: "SearchViewModel", module: "App", facts: facts,
      debounce: DebounceDuration(parsing: "300ms"), framework: framework)
  }

  @Test func aDebouncedActionsTestsAdvanceTheTestClockPastItsQuietPeriod() throws {
    let scaffold = try Self.debounced()
    let bodies = Self.bodies(of: scaffold.testFile.contents)
    #expect(bodies.count == 3)
    for (name, body) in bodies {
      #expect(
        body.contains(
          """
              let clock = TestClock()
              let viewModel = SearchViewModel(service: service, clock: clock)

          """), "\(name)")
      #expect(
        body.contains(
          """
              harness.expect(.startedLoading(.suggest("sample")))
              await clock.advance(by: .milliseconds(300))  // past the debounce's quiet period
              await run.value

          """), "\(name)")
    }
    #expect(
      scaffold.pasteText.contains(
        "      policy: .debounce(.milliseconds(300)),  // the tests advance a TestClock past it\n"))
  }

  @Test func aDebounceWithoutAClockToDriveIsRefusedSayingWhatToDo() throws {
    #expect {
      try ActionScaffold(
        action: "suggest", viewModel: "SearchViewModel", debounce: DebounceDuration(parsing: "300ms"))
    } throws: { error in
      "\(error)".contains("SearchViewModel's init takes no clock")
        && "\(error)".contains("clock: any Clock<Duration> = ContinuousClock()")
    }
  }

  @Test(arguments: [
    ("300ms", ".milliseconds(300)"), ("2s", ".seconds(2)"), (".milliseconds(250)", ".milliseconds(250)"),
    (" .seconds(1) ", ".seconds(1)"),
  ])
  func aDebounceIsReadInMillisecondsSecondsOrSwift(text: String, expression: String) throws {
    #expect(try DebounceDuration(parsing: text).expression == expression)
  }

  @Test(arguments: ["", "ms", "300", "1.5s", "-3s", "300 ms", ".minutes(1)", "soon"])
  func anythingElseIsRefusedSayingWhatIsAccepted(text: String) {
    #expect {
      try DebounceDuration(parsing: text)
    } throws: { error in
      "\(error)".hasPrefix("'--debounce \(text)' cannot be scaffolded: write the quiet period as a whole number")
    }
  }
}

/// Issue 39: what the exhaustive tests cannot write themselves — the new view model's `value`,
/// a hook of the user's that changes state on every run — is expected or pointed out.
@Suite struct StrictScaffoldChangesTests {
  @Test func aNewViewModelsTestsExpectTheValueItsLoadKeeps() throws {
    for framework in [TestFramework.swiftTesting, .xctest] {
      let scaffold = try ViewModelScaffold(viewModel: "ProfileViewModel", module: "MyApp", framework: framework)
      let tests = scaffold.files[2].contents
      let expected = #"harness.expect(.set(\.value, to: ""), .stoppedLoading(.load))"# + "\n"
      #expect(tests.components(separatedBy: expected).count == 3, "the success and lifecycle tests expect it")
    }
  }

  @Test func aFailureHookTheViewModelOverridesIsAnEditToMake() throws {
    let source = """
      @MainActor @Observable public final class FollowerListViewModel: BaseViewModel<FollowerListAction> {
        public private(set) var toasts: [String] = []
        /// Not an override: override func onSuccess in a comment.
        override public func onError(actionId: FollowerListAction, error: any Error) {
          toasts.append("\\(error)")
        }
      }
      """
    let index = SourceIndex(files: [("Sources/App/FollowerListViewModel.swift", source)])
    #expect(index.overriddenHooks(of: "FollowerListViewModel") == ["onError"])
    #expect(index.overriddenHooks(of: "OtherViewModel").isEmpty)

    var facts = ViewModelFacts()
    facts.overriddenHooks = ["onError"]
    let scaffold = try ActionScaffold(action: "unfollow", viewModel: "FollowerListViewModel", facts: facts)
    #expect(
      scaffold.pasteText.hasSuffix(
        "\n// Edit FollowerListViewModelUnfollowTests.swift, in your test target, if FollowerListViewModel's "
          + "onError changes its state: the tests expect every change, so add it to the harness.expect of the "
          + "run's end (a failing test names it: + happened, not asserted).\n"))
    let plain = try ActionScaffold(action: "unfollow", viewModel: "FollowerListViewModel")
    #expect(!plain.pasteText.contains("// Edit"))
  }
}
