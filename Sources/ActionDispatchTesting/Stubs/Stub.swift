import ActionDispatch

/// A configurable stand-in for one service method: returns a value, throws, or waits for the test.
///
/// Give a mock service one `Stub` per method; each test sets what the call should do and
/// then asserts on what the stub was called with.
///
/// ```swift
/// final class MockProfileService: ProfileService {
///   let name = Stub<String, String>(returning: "Mona")
///   func name(of login: String) async throws -> String { try await name(login) }
/// }
///
/// service.name.fail(with: URLError(.notConnectedToInternet))
/// #expect(service.name.calls == ["octocat"])
/// ```
public final class Stub<Input: Sendable, Output: Sendable>: Sendable {
  private enum Behaviour {
    case value(Output)
    case error(any Error)
    case handler(@Sendable (Input) async throws -> Output)
  }

  private let state: LockedState<(behaviour: Behaviour, calls: [Input])>

  /// Creates a stub that returns a value.
  ///
  /// - Parameter value: What every call returns until told otherwise.
  public init(returning value: Output) {
    state = LockedState((.value(value), []))
  }

  /// Creates a stub that throws.
  ///
  /// - Parameter error: What every call throws until told otherwise.
  public init(throwing error: any Error) {
    state = LockedState((.error(error), []))
  }

  /// Creates a stub that runs a closure.
  ///
  /// - Parameter handler: Computes each call's result.
  public init(_ handler: @escaping @Sendable (Input) async throws -> Output) {
    state = LockedState((.handler(handler), []))
  }

  /// From now on, calls return `value`.
  ///
  /// - Parameter value: The value to return.
  public func succeed(with value: Output) {
    state.withLock { $0.behaviour = .value(value) }
  }

  /// From now on, calls throw `error`.
  ///
  /// - Parameter error: The error to throw.
  public func fail(with error: any Error) {
    state.withLock { $0.behaviour = .error(error) }
  }

  /// From now on, calls run `handler`.
  ///
  /// - Parameter handler: Computes each call's result; it may await a test's signal.
  public func handle(_ handler: @escaping @Sendable (Input) async throws -> Output) {
    state.withLock { $0.behaviour = .handler(handler) }
  }

  /// The inputs of every call so far, in order.
  public var calls: [Input] {
    state.withLock { $0.calls }
  }

  /// How many times the stub was called.
  public var callCount: Int {
    state.withLock { $0.calls.count }
  }

  /// Records the call and produces its result.
  ///
  /// - Parameter input: The call's input.
  /// - Returns: The configured value.
  /// - Throws: The configured error, or what the handler throws.
  public func callAsFunction(_ input: Input) async throws -> Output {
    let behaviour = state.withLock { state in
      state.calls.append(input)
      return state.behaviour
    }
    switch behaviour {
    case .value(let value): return value
    case .error(let error): throw error
    case .handler(let handler): return try await handler(input)
    }
  }
}

extension Stub where Input == Void {
  /// Records a call without input and produces its result.
  ///
  /// - Returns: The configured value.
  /// - Throws: The configured error, or what the handler throws.
  public func callAsFunction() async throws -> Output {
    try await self(())
  }
}
