/// How the generated tests make a view model whose initializer takes more than its service:
/// an argument for each parameter, read from the initializer.
///
/// ```swift
/// let construction = ViewModelConstruction(
///   viewModel: "InboxViewModel", serviceProtocol: "IssueTracker",
///   parameters: [.init(label: "service", type: "any IssueTracker"), .init(label: "repo", type: "String"),
///                .init(label: "clock", type: "any Clock<Duration>")])
/// construction.expression   // InboxViewModel(service: service, repo: "sample", clock: clock)
/// ```
///
/// The service is `service`; a clock is `clock`, a `TestClock` the tests make first
/// (``passesClock``), so nothing waits on the real clock and a debounce is passed by advancing it;
/// a type with a literal gets a sample (``ActionSignature/sample(of:)``). Any other type is an
/// editor placeholder, `<#Repo#>`, listed in ``unresolved``: the one edit the tests then need.
package struct ViewModelConstruction: Sendable, Hashable {
  /// The expression that makes the view model from `service`.
  package let expression: String
  /// The types of the arguments scaffold could not write, in order.
  package let unresolved: [String]
  /// Whether the expression passes `clock`, which the tests must declare.
  package let passesClock: Bool

  /// Writes the call of the initializer.
  ///
  /// - Parameters:
  ///   - viewModel: The view model's class.
  ///   - serviceProtocol: The protocol of its service.
  ///   - parameters: The initializer's parameters without a default value, and its clock.
  package init(viewModel: String, serviceProtocol: String, parameters: [SourceIndex.Parameter]) {
    var unresolved: [String] = []
    var passesClock = false
    let arguments = parameters.map { parameter -> String in
      let value: String
      let type = parameter.type
      if parameter.label == "service" || type.range(of: #"\b\#(serviceProtocol)\b"#, options: .regularExpression) != nil
      {
        value = "service"
      } else if parameter.isClock {
        value = "clock"
        passesClock = true
      } else if let sample = ActionSignature.sample(of: type) {
        value = sample
      } else {
        unresolved.append(type)
        value = "<#\(type)#>"
      }
      return parameter.label.map { "\($0): \(value)" } ?? value
    }
    self.expression = "\(viewModel)(\(arguments.joined(separator: ", ")))"
    self.unresolved = unresolved
    self.passesClock = passesClock
  }
}
