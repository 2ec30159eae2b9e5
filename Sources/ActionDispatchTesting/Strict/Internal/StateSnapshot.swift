import ActionDispatch

/// Everything observable about a view model at one moment, as text a failure message can show:
/// each action's loading and error, each of the view model's own observed properties, and the
/// value of each `QueryCache` key it watches.
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
    var value: Described
  }

  /// A value as a failure message shows it: its whole description, and for a collection each
  /// element's, so that a diff can name the elements that changed.
  struct Described: Equatable {
    var text: String
    var elements: [String]?
  }

  /// One value that changed between two snapshots.
  struct Change: Equatable, CustomStringConvertible {
    var key: String
    var old: Described
    var new: Described

    /// `key: old → new`, each value cut to ``StateSnapshot/maximumLength``, and for two
    /// collections the elements that changed, one a line.
    var description: String { lines.joined(separator: "\n") }

    /// The change, one line, then a line per element that changed for a collection.
    var lines: [String] {
      let head = "\(key): \(StateSnapshot.cut(old.text)) → \(StateSnapshot.cut(new.text))"
      guard let before = old.elements, let after = new.elements, !before.isEmpty, !after.isEmpty else {
        return [head]
      }
      return [head] + StateSnapshot.elementDiff(from: before, to: after).map { "    \($0)" }
    }
  }

  /// How long a value may read in a failure message before it is cut with an ellipsis.
  static let maximumLength = 120
  /// How many changed elements of one collection a message lists.
  static let maximumElementLines = 12

  /// Takes a snapshot.
  @MainActor
  init<ActionId: ActionIdType>(of viewModel: BaseViewModel<ActionId>, actions: [ActionId]) {
    for actionId in actions {
      entries.append(
        Entry(key: Self.loadingKey(actionId), value: Described(text: String(viewModel.isLoading(for: actionId)))))
      entries.append(
        Entry(key: Self.errorKey(actionId), value: Self.described(viewModel.errorMessage(for: actionId) as Any)))
    }
    entries += Self.properties(of: viewModel).map { Entry(key: $0.name, value: Self.described($0.value)) }
    entries += viewModel.watchedQueryValues.map {
      Entry(key: Self.cacheKey($0.path), value: Self.described($0.value as Any))
    }
  }

  /// What a `QueryCache` key the view model watches reads as: `cache[users/mona/profile]`.
  static func cacheKey(_ path: String) -> String {
    "cache[\(path)]"
  }

  /// The view model's observed properties, by name, a superclass's first, as declared.
  @MainActor
  static func properties<ActionId: ActionIdType>(
    of viewModel: BaseViewModel<ActionId>
  ) -> [(name: String, value: Any)] {
    var mirror: Mirror? = Mirror(reflecting: viewModel)
    var classes: [[(name: String, value: Any)]] = []
    while let current = mirror, current.subjectType != BaseViewModel<ActionId>.self {
      classes.append(
        current.children.compactMap { child in
          guard let label = child.label, label.hasPrefix("_"), !label.hasPrefix("_$") else { return nil }
          return (String(label.dropFirst()), child.value)
        })
      mirror = current.superclassMirror
    }
    return Array(classes.reversed().joined())
  }

  /// The value of `key`, if the snapshot has it.
  func value(of key: String) -> Described? {
    entries.first { $0.key == key }?.value
  }

  /// What changed from `old` to this snapshot. An action `old` did not know yet was idle,
  /// without an error.
  func changes(since old: StateSnapshot) -> [Change] {
    entries.compactMap { entry in
      let before = old.value(of: entry.key) ?? Described(text: Self.idleValue(of: entry.key))
      return before.text == entry.value.text ? nil : Change(key: entry.key, old: before, new: entry.value)
    }
  }

  static func loadingKey<ActionId>(_ actionId: ActionId) -> String {
    "isLoading(for: .\(actionId))"
  }

  static func errorKey<ActionId>(_ actionId: ActionId) -> String {
    "errorMessage(for: .\(actionId))"
  }

  /// What an action's entry (or a cache key's) reads before it was first seen.
  private static func idleValue(of key: String) -> String {
    key.hasPrefix("isLoading(") ? "false" : "nil"
  }

  /// A value as a failure message shows it: strings quoted, optionals unwrapped or `nil`.
  static func describe(_ value: Any) -> String {
    described(value).text
  }

  /// A value described, with its elements when it is a collection: an array's in order, a set's
  /// and a dictionary's sorted, so that the same contents read the same.
  static func described(_ value: Any) -> Described {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return Described(text: "nil") }
      return described(wrapped)
    }
    if let string = value as? String { return Described(text: string.debugDescription) }
    switch mirror.displayStyle {
    case .collection:
      return Described(text: String(describing: value), elements: mirror.children.map { describe($0.value) })
    case .set:
      return Described(text: String(describing: value), elements: mirror.children.map { describe($0.value) }.sorted())
    case .dictionary:
      let pairs = mirror.children.map { child -> String in
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        return pair.count == 2 ? "\(describe(pair[0])): \(describe(pair[1]))" : describe(child.value)
      }
      return Described(text: String(describing: value), elements: pairs.sorted())
    default:
      return Described(text: String(describing: value))
    }
  }

  /// `text`, cut to ``maximumLength`` characters with an ellipsis.
  static func cut(_ text: String) -> String {
    text.count <= maximumLength ? text : String(text.prefix(maximumLength - 1)) + "…"
  }

  /// The elements that differ between two collections: `[i]: old → new` for an element
  /// replaced in place, `+ [i]: new` for one inserted (its index in the new collection), and
  /// `− [i]: old` for one removed (its index in the old one).
  static func elementDiff(from old: [String], to new: [String]) -> [String] {
    let difference = new.difference(from: old)
    var removed: [Int: String] = [:]
    var inserted: [Int: String] = [:]
    for change in difference {
      switch change {
      case .remove(let offset, let element, _): removed[offset] = element
      case .insert(let offset, let element, _): inserted[offset] = element
      }
    }
    var lines: [(index: Int, order: Int, text: String)] = []
    for (offset, element) in removed {
      if let replacement = inserted.removeValue(forKey: offset) {
        lines.append((offset, 1, "[\(offset)]: \(cut(element)) → \(cut(replacement))"))
      } else {
        lines.append((offset, 0, "− [\(offset)]: \(cut(element))"))
      }
    }
    for (offset, element) in inserted { lines.append((offset, 2, "+ [\(offset)]: \(cut(element))")) }
    let sorted = lines.sorted { ($0.index, $0.order) < ($1.index, $1.order) }.map(\.text)
    guard sorted.count > maximumElementLines else { return sorted }
    return sorted.prefix(maximumElementLines) + ["… and \(sorted.count - maximumElementLines) more"]
  }
}
