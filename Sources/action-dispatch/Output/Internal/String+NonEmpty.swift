extension String {
  /// The string, or `nil` when it is empty: `path.nonEmpty ?? "."`.
  var nonEmpty: String? { isEmpty ? nil : self }
}
