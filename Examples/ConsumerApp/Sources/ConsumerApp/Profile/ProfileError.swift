import Foundation

// snippet: profile-error
/// Why a profile could not be loaded or saved, in words the view shows.
///
/// `errorMessage(for:)` shows an error's `LocalizedError.errorDescription`, else its `description`: without
/// `LocalizedError`, the view would show "offline".
enum ProfileError: LocalizedError {
  case offline

  var errorDescription: String? {
    switch self {
    case .offline: "You are offline."
    }
  }
}
// end snippet: profile-error
