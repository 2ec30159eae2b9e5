import CommandLineKit
import Testing

/// The parser against a small command of its own: what it accepts, and what each mistake says.
@Suite struct CommandLineParserTests {
  private static let user = ArgumentDefinition(name: "username", help: "Whose followers to list.")
  private static let json = OptionDefinition.flag("json", help: "Print JSON.")
  private static let limit = OptionDefinition.option("limit", value: "n", help: "List at most n.")
  private static let command = CommandConfiguration(
    commandName: "followers", abstract: "List followers.", version: "1.0.0", arguments: [user],
    options: [json, limit])

  private func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    try CommandLineParser.parse(arguments, for: Self.command)
  }

  @Test func argumentsOptionsAndFlagsInAnyOrder() throws {
    for line in [["octocat", "--json", "--limit", "5"], ["--limit=5", "octocat", "--json"]] {
      let parsed = try parse(line)
      #expect(parsed.argument(Self.user) == "octocat")
      #expect(parsed.flag(Self.json))
      #expect(parsed.value(Self.limit) == "5")
    }
  }

  @Test func aNegativeNumberIsAValueForValidationToJudge() throws {
    #expect(try parse(["octocat", "--limit", "-1"]).value(Self.limit) == "-1")
  }

  @Test func aDoubleDashEndsTheOptions() throws {
    let parsed = try parse(["--", "--json"])
    #expect(parsed.argument(Self.user) == "--json")
    #expect(!parsed.flag(Self.json))
  }

  @Test func helpIsAskedForBeforeADoubleDashOnly() {
    #expect(CommandLineParser.requestsHelp(["octocat", "-h"]))
    #expect(CommandLineParser.requestsHelp(["--help", "--no-such-option"]))
    #expect(!CommandLineParser.requestsHelp(["--", "--help"]))
  }

  @Test func anUnknownOptionNamesTheNearestOne() {
    #expect(throws: UsageError("unknown option '--jsn'; did you mean '--json'?")) { try parse(["octocat", "--jsn"]) }
  }

  @Test func eachMistakeSaysWhatIsWrong() {
    #expect(throws: UsageError.missingValue(for: Self.limit)) { try parse(["octocat", "--limit"]) }
    #expect(throws: UsageError.unexpectedValue("yes", for: Self.json)) { try parse(["octocat", "--json=yes"]) }
    #expect(throws: UsageError.unexpectedArgument("extra")) { try parse(["octocat", "extra"]) }
    #expect(throws: UsageError.missingArgument(Self.user)) { try parse(["--json"]) }
  }
}
