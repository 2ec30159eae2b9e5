/// The help texts `action-dispatch scaffold` must print, written out.
extension ScaffoldCommandTests {
  static let scaffoldHelp = #"""
    OVERVIEW: Generate a new action's tests, or a new view model.

    Renders the templates of Templates/ (see its README.md), which are compiled into
    the tool: it works from any directory. Names must be Swift identifiers (ASCII
    letters, digits and _, not a keyword). With --output, an existing file is
    replaced only with --force. From your app's package, which depends on
    ActionDispatch, run it as 'swift run action-dispatch-scaffold ...': the same
    subcommands in a tool that builds only the scaffolding.

    The tests are strict: each goes through an exhaustive StrictHarness, in a
    .strict(.exhaustive) suite of Swift Testing, or with --xctest in an XCTestCase,
    each test inside withSerialExecutor.

    Exit status: 0 success, 1 a file exists or cannot be written, 2 a usage error or
    an invalid name.

    USAGE: action-dispatch scaffold <subcommand>

    OPTIONS:
      -h, --help              Show help information.

    SUBCOMMANDS:
      action                  Generate the three tests of a new action, and every
                              edit it needs in your code.
      view-model              Generate a new view model with one action, its mock
                              service and its tests.

      See 'action-dispatch scaffold help <subcommand>' for detailed help.

    """#

  static let actionHelp = #"""
    OVERVIEW: Generate the three tests of a new action, and every edit it needs in
    your code.

    Prints a test file with the action's success, failure and lifecycle tests, then
    the four edits the action needs: the enum case, the view model's method, the
    service protocol's requirement, and the mock's Stub (named <actionName>Stub) and
    method. Paste them, fill in the one line marked FILL IN with the service call,
    and the tests compile and pass.

    With --stream <Element>, the action is a streaming one: its service method
    returns an async sequence of Element, and the mock streams its stub's [Element]
    with stub.stream(). For an element type without literals, such as your own Repo,
    the tests' two sample values are a second line marked FILL IN.

    Each test goes through an exhaustive StrictHarness: it expects every change the
    run makes. A view model whose init takes a clock (even one with a default) is
    made with a TestClock; with --debounce, the tests advance it past the quiet
    period. With --xctest, the tests are an XCTestCase named
    <ViewModel><Action>XCTests, each inside withSerialExecutor, beside the Swift
    Testing suite <ViewModel><Action>Tests.

    An edit your package already has (the case, the method, the requirement, the
    Stub) is not printed: for an action that exists, scaffold writes its tests and
    nothing to add. A method that dispatches with optimistic: gets two lines marked
    FILL IN, its change and its rollback.

    USAGE: action-dispatch scaffold action <actionName> --view-model <TypeName>
                                           [--mock <Type>] [--service <Protocol>]
                                           [--calls <method>] [--init <expression>]
                                           [--setup <statements>]
                                           [--sample <values>] [--stream <Element>]
                                           [--debounce <duration>] [--module <Name>]
                                           [--output <path>] [--force] [--xctest]

    ARGUMENTS:
      <actionName>            The new action: its enum case, its method and the
                              start of its tests' names, such as unfollow; with
                              associated values, such as 'delete(Int)' or
                              'move(from: Int, to: Int)', the method takes them and
                              the tests pass samples.

    OPTIONS:
      --view-model <TypeName>
                              The view model that gets the action, such as
                              FollowerListViewModel. Required.
      --mock <Type>           The mock service the tests create; <Base> is the view
                              model's name without ViewModel. (default:
                              Mock<Base>Service)
      --service <Protocol>    The protocol of the view model's service, when it is
                              not named after the view model. (default: the type of
                              the view model's `let service`, else <Base>Service)
      --calls <method>        The service method the action calls, such as
                              closeIssue: it names the requirement, the mock's
                              method and its Stub (closeIssueStub). (default:
                              <actionName>)
      --init <expression>     How the tests make the view model from `service`, such
                              as 'InboxViewModel(service: service, repo: "o/r",
                              clock: clock)', where clock is the tests' TestClock.
                              (default: read from the view model's init: service, a
                              TestClock for its clock, samples of String, Int…)
      --setup <statements>    Statements the tests run after making the view model
                              and before setting the action's stub (so a failure
                              stub fails the action alone), such as loading the rows
                              the action needs: 'service.issuesStub.succeed(with:
                              [1]); await viewModel.load().value'. Separate
                              statements with ';'.
      --sample <values>       The values the tests pass for the action's associated
                              values, one per value, separated by ';', such as 1 or
                              'viewModel.issues[0]'; a value that reads viewModel is
                              read once, after the set-up. (default: with --setup, a
                              row the view model lists (viewModel.items[0].id), else
                              a literal)
      --stream <Element>      The action streams elements of this type, such as
                              String, [Repo] or Repo: the method stub dispatches
                              elements: with onElement, the mock's stub returns
                              [Element] and streams it with stub.stream(), and the
                              success test checks the elements that
                              On(.action).element received: two literals when the
                              type has them (String, Int, [String]…), else two
                              values you fill in.
      --debounce <duration>   The action is debounced by this quiet period, such as
                              300ms, 2s or .milliseconds(300): the method dispatches
                              with policy: .debounce, and the tests make the view
                              model with a TestClock and advance it past the period
                              (the view model's init must take a clock).
      --module <Name>         The module that defines the view model, which the
                              tests @testable import. By default <Module> when
                              --output is under Sources/<Module>/ or
                              Tests/<Module>Tests/, else the package's one module
                              with tests (required when there are several); without
                              --output, the current package's, else the view model's
                              name without ViewModel.
      --output <path>         Write the tests to this file, or into this folder as
                              <ViewModel><Action>Tests.swift, instead of printing
                              them; in a Swift package, a folder outside Tests/
                              means Tests/<Module>Tests/. The edits to paste are
                              printed either way.
      --force                 Replace files that --output would overwrite.
      --xctest                Write the tests for XCTest instead of Swift Testing:
                              an XCTestCase whose tests each run inside
                              withSerialExecutor, through a StrictHarness that is
                              exhaustive and finishes at the test's tear-down.
      -h, --help              Show help information.

    """#

  static let viewModelHelp = #"""
    OVERVIEW: Generate a new view model with one action, its mock service and its
    tests.

    Prints three files, each after a line that names it and its target: the view
    model (its action enum, service protocol and @Observable class) for your app
    target; its mock service and its tests for your test target. They compile and
    the tests pass as generated. The tests go through an exhaustive StrictHarness;
    with --xctest they are an XCTestCase.

    USAGE: action-dispatch scaffold view-model <TypeName> [--module <Name>]
                                               [--output <folder>] [--force]
                                               [--xctest]

    ARGUMENTS:
      <TypeName>              The new view model's class, such as ProfileViewModel.

    OPTIONS:
      --module <Name>         The module that defines the view model, which the
                              tests @testable import. By default <Module> when
                              --output is under Sources/<Module>/ or
                              Tests/<Module>Tests/, else the package's one module
                              with tests (required when there are several); without
                              --output, the current package's, else the view model's
                              name without ViewModel.
      --output <folder>       Write the files instead of printing them. In a Swift
                              package, each goes to its target: the view model to
                              Sources/<Module>/ and its mock and tests to
                              Tests/<Module>Tests/ when <folder> is the package or
                              one of those folders; any other folder gets all three.
      --force                 Replace files that --output would overwrite.
      --xctest                Write the tests for XCTest instead of Swift Testing:
                              an XCTestCase whose tests each run inside
                              withSerialExecutor, through a StrictHarness that is
                              exhaustive and finishes at the test's tear-down.
      -h, --help              Show help information.

    """#
}
