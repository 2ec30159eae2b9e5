import Foundation

extension GitHubClient {
  /// Decodes a JSON body, describing what was wrong (type, key path, message) on failure.
  func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse, what: String) throws(GitHubError) -> T {
    do {
      return try JSONDecoder().decode(T.self, from: response.body)
    } catch let error as DecodingError {
      throw .undecodableResponse(redact(Self.describe(error, in: what, response: response)))
    } catch {
      throw .undecodableResponse(redact(Self.oneLine("\(what) could not be decoded: \(error)", limit: 400)))
    }
  }

  static func describe(_ error: DecodingError, in what: String, response: HTTPResponse) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
      guard !codingPath.isEmpty else { return "the top level" }
      var text = ""
      for key in codingPath {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text
    }
    let detail: String
    switch error {
    case .typeMismatch(let type, let context):
      detail = "in \(what), expected \(type) at \(path(context.codingPath)) (\(context.debugDescription))"
    case .valueNotFound(let type, let context):
      detail = "in \(what), expected \(type) at \(path(context.codingPath)) but found null"
    case .keyNotFound(let key, let context):
      let parent = context.codingPath.isEmpty ? "the top-level object" : path(context.codingPath)
      detail = "in \(what), the key \"\(key.stringValue)\" is missing at \(parent)"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      let contentType = response.value(forHTTPHeaderField: "Content-Type").map { ", Content-Type \($0)" } ?? ""
      detail = "\(what) is not valid JSON (\(response.body.count) bytes\(contentType)): \(context.debugDescription)"
    case .dataCorrupted(let context):
      detail = "in \(what), the value at \(path(context.codingPath)) is invalid: \(context.debugDescription)"
    @unknown default:
      detail = "\(what) could not be decoded: \(error)"
    }
    return oneLine(detail, limit: 400)
  }
}
