#if canImport(Testing)
  import ActionDispatch

  extension StrictHarness {
    /// One observable change a test expects, for ``StrictHarness/expect(_:sourceLocation:)``.
    ///
    /// ```swift
    /// harness.expect(.startedLoading(.load))
    /// harness.expect(.set(\.issues, to: ["#1"]), .stoppedLoading(.load))
    /// ```
    public struct Change: CustomStringConvertible {
      /// The name of what changes, for a loading or error change.
      let key: String?
      /// For a property, the key path's value now, to tell which property it is.
      let currentValue: (@MainActor (Model) -> String)?
      /// The value it changes to, described.
      let value: String
      /// How the change reads in a failure message.
      public let description: String

      /// The action started loading: `BaseViewModel.isLoading(for:)` turned `true`.
      ///
      /// - Parameter actionId: The action.
      /// - Returns: The change.
      public static func startedLoading(_ actionId: ActionId) -> Change {
        let key = StateSnapshot.loadingKey(actionId)
        return Change(key: key, currentValue: nil, value: "true", description: "\(key) = true")
      }

      /// The action's last run ended: `BaseViewModel.isLoading(for:)` turned `false`.
      ///
      /// - Parameter actionId: The action.
      /// - Returns: The change.
      public static func stoppedLoading(_ actionId: ActionId) -> Change {
        let key = StateSnapshot.loadingKey(actionId)
        return Change(key: key, currentValue: nil, value: "false", description: "\(key) = false")
      }

      /// The action failed: `BaseViewModel.errorMessage(for:)` shows `message`.
      ///
      /// - Parameters:
      ///   - actionId: The action.
      ///   - message: The message it shows.
      /// - Returns: The change.
      public static func failed(_ actionId: ActionId, _ message: String) -> Change {
        let key = StateSnapshot.errorKey(actionId)
        let value = StateSnapshot.describe(message)
        return Change(key: key, currentValue: nil, value: value, description: "\(key) = \(value)")
      }

      /// The action's error went away: it was dispatched again, or cleared.
      ///
      /// - Parameter actionId: The action.
      /// - Returns: The change.
      public static func errorCleared(_ actionId: ActionId) -> Change {
        let key = StateSnapshot.errorKey(actionId)
        return Change(key: key, currentValue: nil, value: "nil", description: "\(key) = nil")
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
          key: nil, currentValue: { StateSnapshot.describe($0[keyPath: keyPath]) }, value: described,
          description: "a \(Value.self) property = \(described)")
      }
    }
  }
#endif
