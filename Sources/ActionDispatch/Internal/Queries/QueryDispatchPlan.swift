/// What a query dispatch does, as ``QueryCache/prepareQuery(_:_:for:staleTime:failureTime:retry:timeout:handle:)``
/// decided.
@usableFromInline
enum QueryDispatchPlan<Value> {
  /// Answer with the fresh value; no run.
  case fresh(Value)
  /// Fail at once with the failure kept on the key, showing the value it still has first.
  case keptFailure(any Error, staleValue: Value?)
  /// A run that joins the key's fetch, showing the value it still has first.
  case fetch(QueryJoin<Value>, staleValue: Value?)
}
