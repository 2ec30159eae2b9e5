extension Template {
  /// Renders an embedded template, whose placeholders the tests prove are all given.
  ///
  /// A missing value here is a bug in Scaffolding, not a user's mistake, so it stops the
  /// program with the template's error rather than produce half-rendered code.
  func renderChecked(_ values: [String: String]) -> String {
    do {
      return try render(values)
    } catch {
      preconditionFailure("\(error)")
    }
  }
}
