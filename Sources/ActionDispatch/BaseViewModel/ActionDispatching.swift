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
/// ``dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:task:onSuccess:onFailure:oncePerRun:)``,
/// ``dispatchAndWait(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:task:onSuccess:onFailure:oncePerRun:)`` and
/// ``dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:elements:onElement:)``. They dispatch on
/// ``dispatchingBase``, which ``BaseViewModel`` gives as itself: nothing is cast at run time.
///
/// > Important: A closure that uses `self` keeps the view model alive until the work returns.
/// > Capture what the work needs (`[service] in`) and take the view model as the closures'
/// > first argument.
@MainActor
public protocol ActionDispatching: AnyObject {
  /// The view model's actions.
  associatedtype ActionId: ActionIdType

  /// The view model the dispatch forms run their actions on: for ``BaseViewModel``, itself.
  var dispatchingBase: BaseViewModel<ActionId> { get }
}

extension BaseViewModel: ActionDispatching {}
