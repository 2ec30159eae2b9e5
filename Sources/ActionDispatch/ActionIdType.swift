/// The identity of an action a view model dispatches.
///
/// Conform an enum of your view model's actions to it. Each case gets its own loading
/// and error state, its own runs and its own event history.
///
/// ```swift
/// enum FollowersAction: ActionIdType {
///   case fetchFollowers
///   case loadNextPage
/// }
/// ```
public protocol ActionIdType: Hashable, Sendable {}
