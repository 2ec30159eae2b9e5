#if canImport(Testing)
  import ActionDispatch

  extension StrictHarness {
    /// One observable change a test expects, for ``StrictHarness/expect(_:fileID:filePath:line:column:)``.
    ///
    /// ```swift
    /// harness.expect(.startedLoading(.load))
    /// harness.expect(.set(\.issues, to: ["#1"]), .stoppedLoading(.load))
    /// ```
    public struct Change: CustomStringConvertible {
      /// The name of what changes, for a loading or error change.
      let key: String?
      /// For a property, the key path's value now, to tell whether it holds.
      let currentValue: (@MainActor (Model) -> String)?
      /// For a property, the names of the view model's observed properties the key path can be:
      /// those of its type whose value is the key path's value now.
      let propertyNames: (@MainActor (Model) -> [String])?
      /// The value it changes to, described.
      let value: String
      /// How the change reads in a failure message when the view model is not at hand.
      public let description: String

      /// The action started loading: `BaseViewModel.isLoading(for:)` turned `true`.
      ///
      /// - Parameter actionId: The action.
      /// - Returns: The change.
      public static func startedLoading(_ actionId: ActionId) -> Change {
        let key = StateSnapshot.loadingKey(actionId)
        return Change(key: key, value: "true")
      }

      /// The action's last run ended: `BaseViewModel.isLoading(for:)` turned `false`.
      ///
      /// - Parameter actionId: The action.
      /// - Returns: The change.
      public static func stoppedLoading(_ actionId: ActionId) -> Change {
        let key = StateSnapshot.loadingKey(actionId)
        return Change(key: key, value: "false")
      }

      /// The action failed: `BaseViewModel.errorMessage(for:)` shows `message`.
      ///
      /// - Parameters:
      ///   - actionId: The action.
      ///   - message: The message it shows.
      /// - Returns: The change.
      public static func failed(_ actionId: ActionId, _ message: String) -> Change {
        Change(key: StateSnapshot.errorKey(actionId), value: StateSnapshot.describe(message))
      }

      /// The action's error went away: it was dispatched again, or cleared.
      ///
      /// - Parameter actionId: The action.
      /// - Returns: The change.
      public static func errorCleared(_ actionId: ActionId) -> Change {
        Change(key: StateSnapshot.errorKey(actionId), value: "nil")
      }

      /// An observed property of the view model changed to `value`.
      ///
      /// - Parameters:
      ///   - keyPath: The property.
      ///   - value: Its new value.
      /// - Returns: The change.
      @MainActor public static func set<Value: Equatable>(_ keyPath: KeyPath<Model, Value>, to value: Value) -> Change {
        let described = StateSnapshot.describe(value)
        return Change(
          key: nil,
          currentValue: { StateSnapshot.describe($0[keyPath: keyPath]) },
          propertyNames: { model in
            let now = model[keyPath: keyPath]
            return StateSnapshot.properties(of: model).filter { ($0.value as? Value) == now }.map(\.name)
          },
          value: described,
          description: "a \(Value.self) property = \(StateSnapshot.cut(described))")
      }

      /// A `QueryCache` key the view model watches now holds `value` (`nil`: none): the cache's
      /// state, asserted as the view model's own properties are.
      ///
      /// ```swift
      /// harness.expect(.cached(.profile("mona"), to: "Mona"), .set(\.name, to: "Mona"), .stoppedLoading(.load))
      /// ```
      ///
      /// - Parameters:
      ///   - key: The key.
      ///   - value: Its new value.
      /// - Returns: The change.
      public static func cached<Value>(_ key: QueryKey<Value>, to value: Value?) -> Change {
        Change(key: StateSnapshot.cacheKey(key.description), value: StateSnapshot.describe(value as Any))
      }

      private init(key: String, value: String) {
        self.init(
          key: key, currentValue: nil, propertyNames: nil, value: value,
          description: "\(key) = \(StateSnapshot.cut(value))")
      }

      private init(
        key: String?, currentValue: (@MainActor (Model) -> String)?, propertyNames: (@MainActor (Model) -> [String])?,
        value: String, description: String
      ) {
        self.key = key
        self.currentValue = currentValue
        self.propertyNames = propertyNames
        self.value = value
        self.description = description
      }

      /// How the change reads in a failure message: a property by its name (`issues = […]`).
      @MainActor
      func describe(in model: Model) -> String {
        guard let names = propertyNames?(model), let first = names.first else { return description }
        let name = names.count == 1 ? first : "\(first) (or \(names.dropFirst().joined(separator: ", ")))"
        return "\(name) = \(StateSnapshot.cut(value))"
      }
    }
  }
#endif
