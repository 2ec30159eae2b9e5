extension String {
  /// The string, or `nil` when it is empty: `path.nonEmpty ?? "."`.
  package var nonEmpty: String? { isEmpty ? nil : self }
}
