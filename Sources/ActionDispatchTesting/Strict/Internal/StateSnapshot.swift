import ActionDispatch

/// Everything observable about a view model at one moment, as text a failure message can show:
/// each action's loading and error, and each of the view model's own observed properties.
///
/// Observed properties are found with `Mirror`: the `@Observable` macro stores a property
/// `items` as `_items`, so every stored property whose name starts with an underscore (but the
/// registrar) of every class from the view model's own up to `BaseViewModel` is one.
/// `@ObservationIgnored` properties and constants keep their names, and are left out.
struct StateSnapshot: Equatable {
  /// The entries, in a stable order: actions in the order they were first seen, then properties.
  private(set) var entries: [Entry] = []

  /// One observable value.
  struct Entry: Equatable {
    /// What it is, as a test reads it: `isLoading(for: .load)`, `errorMessage(for: .load)`, `items`.
    var key: String
    /// Its value, described.
    var value: String
  }

  /// One value that changed between two snapshots.
  struct Change: Equatable, CustomStringConvertible {
    var key: String
    var old: String
    var new: String

    var description: String { "\(key): \(old) → \(new)" }
  }

  /// Takes a snapshot.
  @MainActor
  init<ActionId: ActionIdType>(of viewModel: BaseViewModel<ActionId>, actions: [ActionId]) {
    for actionId in actions {
      entries.append(Entry(key: Self.loadingKey(actionId), value: String(viewModel.isLoading(for: actionId))))
      entries.append(
        Entry(key: Self.errorKey(actionId), value: Self.describe(viewModel.errorMessage(for: actionId) as Any)))
    }
    var mirror: Mirror? = Mirror(reflecting: viewModel)
    var classes: [[Entry]] = []
    while let current = mirror, current.subjectType != BaseViewModel<ActionId>.self {
      classes.append(
        current.children.compactMap { child in
          guard let label = child.label, label.hasPrefix("_"), !label.hasPrefix("_$") else { return nil }
          return Entry(key: String(label.dropFirst()), value: Self.describe(child.value))
        })
      mirror = current.superclassMirror
    }
    entries += classes.reversed().joined()  // a superclass's properties first, as declared
  }

  /// The value of `key`, if the snapshot has it.
  func value(of key: String) -> String? {
    entries.first { $0.key == key }?.value
  }

  /// What changed from `old` to this snapshot. An action `old` did not know yet was idle,
  /// without an error.
  func changes(since old: StateSnapshot) -> [Change] {
    entries.compactMap { entry in
      let before = old.value(of: entry.key) ?? Self.idleValue(of: entry.key)
      return before == entry.value ? nil : Change(key: entry.key, old: before, new: entry.value)
    }
  }

  static func loadingKey<ActionId>(_ actionId: ActionId) -> String {
    "isLoading(for: .\(actionId))"
  }

  static func errorKey<ActionId>(_ actionId: ActionId) -> String {
    "errorMessage(for: .\(actionId))"
  }

  /// What an action's entry reads before the action was first seen.
  private static func idleValue(of key: String) -> String {
    key.hasPrefix("isLoading(") ? "false" : "nil"
  }

  /// A value as a failure message shows it: strings quoted, optionals unwrapped or `nil`.
  static func describe(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return "nil" }
      return describe(wrapped)
    }
    if let string = value as? String { return string.debugDescription }
    return String(describing: value)
  }
}
