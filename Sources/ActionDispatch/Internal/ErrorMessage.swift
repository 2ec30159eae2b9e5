import Foundation

/// Turns an error into the sentence a user is shown.
enum ErrorMessage {
  /// `LocalizedError.errorDescription` first, then the error's own description.
  ///
  /// On Linux, `localizedDescription` of a plain Swift error is a generic "The operation could not
  /// be completed", so an error's own description is preferred to it.
  static func describe(_ error: any Error) -> String {
    if let localized = error as? any LocalizedError, let text = localized.errorDescription {
      return text
    }
    return String(describing: error)
  }
}
