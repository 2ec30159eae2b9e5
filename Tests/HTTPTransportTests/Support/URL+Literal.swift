import Foundation

extension URL {
  /// A URL from a literal known to be valid in a test.
  init(_ literal: StaticString) {
    self.init(string: "\(literal)")!
  }
}
