import ActionDispatch

/// Actions with a payload, as per-row actions are written: each `row(n)` is an action of its own.
enum RowAction: ActionIdType, CustomStringConvertible {
  case a
  case b
  case row(Int)

  var description: String {
    switch self {
    case .a: "a"
    case .b: "b"
    case .row(let number): "row(\(number))"
    }
  }
}
