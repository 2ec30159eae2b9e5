#if canImport(Testing)
  import Testing
#endif

/// Where in a test the testing library was called: the `#fileID`, `#filePath`, `#line` and
/// `#column` its public functions take as default arguments.
///
/// The file stays a `StaticString`, so a failure in XCTest is recorded with
/// `XCTFail(_:file:line:)` at the test's own line, and Swift Testing gets a `SourceLocation`
/// made from the same four values, as swift-issue-reporting passes them. Taking the four
/// values rather than Swift Testing's `SourceLocation` keeps Testing's names out of a file that
/// imports only `ActionDispatchTesting`.
package struct CallSite: Sendable, Equatable, CustomStringConvertible {
  /// The file, as `Module/File.swift`.
  package let fileID: StaticString
  /// The file's full path.
  package let filePath: StaticString
  /// The line, from 1.
  package let line: UInt
  /// The column, from 1.
  package let column: UInt

  /// Creates a call site from a public function's default arguments.
  ///
  /// - Parameters:
  ///   - fileID: `#fileID` at the call.
  ///   - filePath: `#filePath` at the call.
  ///   - line: `#line` at the call.
  ///   - column: `#column` at the call.
  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The file's name, without its module: `InboxTests.swift`.
  package var fileName: String {
    let id = "\(fileID)"
    return id.split(separator: "/").last.map(String.init) ?? id
  }

  /// `InboxTests.swift:14`, as failure messages name a line.
  package var description: String { "\(fileName):\(line)" }

  #if canImport(Testing)
    /// The same place as Swift Testing names it. A line or column of 0 (passed by hand) reads
    /// as 1, which Swift Testing requires.
    package var sourceLocation: SourceLocation {
      let id = "\(fileID)"
      return SourceLocation(
        fileID: id.contains("/") ? id : "_/\(id)", filePath: "\(filePath)", line: Int(max(line, 1)),
        column: Int(max(column, 1)))
    }
  #endif

  package static func == (lhs: CallSite, rhs: CallSite) -> Bool {
    lhs.line == rhs.line && lhs.column == rhs.column && "\(lhs.filePath)" == "\(rhs.filePath)"
      && "\(lhs.fileID)" == "\(rhs.fileID)"
  }
}
