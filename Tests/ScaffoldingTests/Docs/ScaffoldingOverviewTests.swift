import Scaffolding
import Testing

/// The Scaffolding catalog's overview, run as it is quoted (scripts/check-doc-snippets).
@Suite struct ScaffoldingOverviewTests {
  @Test func theOverviewRendersTheTestsAndTheTextToPaste() throws {
    // snippet: overview
    let scaffold = try ActionScaffold(action: "unfollow", viewModel: "FollowerListViewModel", module: "ConsumerApp")
    print(scaffold.testFile.contents)  // the success, failure and lifecycle tests
    print(scaffold.pasteText)  // the enum case and the method stub, one line to fill in
    // end snippet: overview
    #expect(scaffold.testFile.contents.contains("@Test func unfollowSuccess()"))
    #expect(scaffold.pasteText.contains("FILL IN"))
  }
}
