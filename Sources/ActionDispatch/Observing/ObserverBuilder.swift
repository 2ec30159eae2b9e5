/// Collects the ``On`` observations written inside ``BaseViewModel/observe(_:)``.
///
/// The action type is inferred from the view model, so `On(.fetchFollowers)` needs no annotation.
/// `if`, `if`/`else` and `for` work as in any result builder.
@resultBuilder
public enum ObserverBuilder<ActionId: ActionIdType> {
  /// Lifts one observation.
  public static func buildExpression(_ expression: On<ActionId>) -> [On<ActionId>] {
    [expression]
  }

  /// Joins the statements of a block.
  public static func buildBlock(_ components: [On<ActionId>]...) -> [On<ActionId>] {
    components.flatMap { $0 }
  }

  /// Supports `if` without `else`.
  public static func buildOptional(_ component: [On<ActionId>]?) -> [On<ActionId>] {
    component ?? []
  }

  /// Supports the first branch of `if`/`else`.
  public static func buildEither(first component: [On<ActionId>]) -> [On<ActionId>] {
    component
  }

  /// Supports the second branch of `if`/`else`.
  public static func buildEither(second component: [On<ActionId>]) -> [On<ActionId>] {
    component
  }

  /// Supports `for` loops.
  public static func buildArray(_ components: [[On<ActionId>]]) -> [On<ActionId>] {
    components.flatMap { $0 }
  }
}
