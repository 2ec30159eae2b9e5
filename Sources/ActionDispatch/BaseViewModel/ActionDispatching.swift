/// The dispatch surface of ``BaseViewModel``: the forms of `dispatch` whose closures receive the
/// view model itself, typed as your subclass, instead of capturing `self`.
///
/// This protocol is an implementation detail of ``BaseViewModel``, which conforms: never conform
/// a type of your own, and never name it — call `dispatch` on your view model. It exists because
/// only a protocol extension can give a closure the subclass's own type (`Self`), and that is what
/// keeps the framework's promise that releasing a view model cancels its work: the closures
/// capture nothing that keeps the view model alive.
///
/// ```swift
/// @MainActor @Observable
/// final class ProfileViewModel: BaseViewModel<ProfileAction> {
///   private(set) var name = ""
///   private let service: any ProfileService
///
///   init(service: any ProfileService) {
///     self.service = service
///     super.init()
///   }
///
///   func load() {
///     dispatch(actionId: .load, task: { [service] in try await service.name() }) { viewModel, name in
///       viewModel.name = name
///     }
///   }
/// }
/// ```
///
/// The forms here are the documented way to dispatch:
/// ``dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:task:onSuccess:onFailure:)``,
/// ``dispatchAndWait(actionId:policy:staleTime:supersedes:retry:timeout:task:onSuccess:onFailure:)`` and
/// ``dispatch(actionId:policy:staleTime:retry:timeout:elements:onElement:)``. The older forms whose closures
/// take only the value are deprecated; their messages name the form to use. The protocol's
/// requirements are those older forms, deprecated too and kept only so that code generic over
/// the protocol still compiles: nothing of it is left to use but the forms above.
///
/// > Important: A closure that uses `self` keeps the view model alive until the work returns.
/// > Capture what the work needs (`[service] in`) and take the view model as the closures'
/// > first argument.
@MainActor
public protocol ActionDispatching: AnyObject {
  /// The view model's actions.
  associatedtype ActionId: ActionIdType

  /// A form whose closures take only the value, deprecated: kept as a requirement only so that
  /// code generic over this protocol still compiles. The extension's forms do not use it.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work.
  ///   - onSuccess: Receives the work's result.
  ///   - onFailure: Receives the run's error.
  /// - Returns: The run's task.
  @available(
    *, deprecated,
    message:
      "take the view model as the closures' first argument: onSuccess: { viewModel, value in … }, onFailure: { viewModel, error in … } (either may be left out; label onFailure:, since a lone trailing closure is onSuccess)"
  )
  @discardableResult
  func dispatch<T>(
    actionId: ActionId,
    policy: DispatchPolicy,
    retry: RetryPolicy?,
    timeout: Duration?,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?,
    onFailure: (@MainActor (any Error) -> Void)?
  ) -> Task<Void, Never>

  /// A form whose closures take only the value, deprecated: kept as a requirement only so that
  /// code generic over this protocol still compiles. The extension's forms do not use it.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - timeout: The longest the whole run may take.
  ///   - elements: Makes the sequence.
  ///   - onElement: Receives each element.
  /// - Returns: The run's task.
  @available(
    *, deprecated,
    message:
      "take the view model as the closure's first argument: { viewModel, element in … } (a closure that uses self keeps the view model alive)"
  )
  @discardableResult
  func dispatch<Elements: AsyncSequence & Sendable>(
    actionId: ActionId,
    policy: DispatchPolicy,
    timeout: Duration?,
    elements: @escaping @MainActor () async throws -> Elements,
    onElement: @escaping @MainActor (Elements.Element) -> Void
  ) -> Task<Void, Never>

  /// A form whose closures take only the value, deprecated: kept as a requirement only so that
  /// code generic over this protocol still compiles. The extension's forms do not use it.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work.
  ///   - onSuccess: Receives the work's result.
  @available(
    *, deprecated,
    message:
      "take the view model as the closure's first argument: { viewModel, value in … } (a closure that uses self keeps the view model alive)"
  )
  func dispatchAndWait<T>(
    actionId: ActionId,
    policy: DispatchPolicy,
    retry: RetryPolicy?,
    timeout: Duration?,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?
  ) async
}

extension BaseViewModel: ActionDispatching {}
