import Scaffolding
import Testing

@Suite struct SwiftIdentifierTests {
  @Test(arguments: [
    "fetchFollowers", "load", "_private", "a1", "A", "x_y_z", "get", "open", "async", "actor", "set",
    "unfollow", "loadV2",
  ])
  func acceptsIdentifiers(_ name: String) throws {
    try SwiftIdentifier.validate(name, as: .action)
    #expect(SwiftIdentifier.isValid(name))
  }

  @Test(arguments: [
    ("", InvalidNameError.Reason.empty),
    ("1abc", .startsWithDigit),
    ("9", .startsWithDigit),
    ("class", .keyword),
    ("self", .keyword),
    ("Self", .keyword),
    ("init", .keyword),
    ("default", .keyword),
    ("Type", .keyword),
    ("Protocol", .keyword),
    ("_", .keyword),
    ("some", .keyword),
    ("a-b", .invalidCharacter("-")),
    ("a b", .invalidCharacter(" ")),
    ("a.b", .invalidCharacter(".")),
    ("`class`", .invalidCharacter("`")),
    ("$0", .invalidCharacter("$")),
    ("café", .nonASCII("é")),
    ("日本", .nonASCII("日")),
    ("load\n", .invalidCharacter("\n")),
  ])
  func rejects(_ name: String, _ reason: InvalidNameError.Reason) {
    #expect(throws: InvalidNameError(name: name, role: .action, reason: reason)) {
      try SwiftIdentifier.validate(name, as: .action)
    }
    #expect(!SwiftIdentifier.isValid(name))
  }

  @Test func everyReservedWordIsRejected() {
    for word in SwiftIdentifier.reservedWords {
      #expect(!SwiftIdentifier.isValid(word), "\(word)")
    }
  }

  @Test func messagesNameTheBadNameAndSayWhy() {
    let cases: [(String, NameRole, InvalidNameError.Reason, String)] = [
      ("", .action, .empty, "the action name is empty; give a Swift identifier, such as 'fetchProfile'"),
      (
        "1abc", .action, .startsWithDigit,
        "'1abc' is not a valid action name: a Swift identifier cannot start with a digit"
      ),
      (
        "class", .viewModel, .keyword,
        "'class' is not a valid view model type name: it is a Swift keyword, usable only in backticks; choose another name"
      ),
      (
        "a-b", .module, .invalidCharacter("-"),
        "'a-b' is not a valid module name: '-' cannot appear in a Swift identifier; use letters, digits and '_', such as 'MyApp'"
      ),
      (
        "a b", .mockService, .invalidCharacter(" "),
        "'a b' is not a valid mock type name: a space cannot appear in a Swift identifier; use letters, digits and '_', "
          + "such as 'MockProfileService'"
      ),
      (
        "café", .action, .nonASCII("é"),
        "'café' is not a valid action name: 'é' is not ASCII; scaffold accepts ASCII letters, digits and '_' only"
      ),
      (
        "a\tb", .action, .invalidCharacter("\t"),
        "'a\tb' is not a valid action name: U+0009 cannot appear in a Swift identifier; use letters, digits and '_', "
          + "such as 'fetchProfile'"
      ),
    ]
    for (name, role, reason, message) in cases {
      #expect(InvalidNameError(name: name, role: role, reason: reason).description == message)
    }
  }
}
