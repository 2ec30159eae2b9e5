#if os(Linux)
  import Foundation
  import FoundationNetworking

  /// A failed transfer's `CURLcode` as the `URLError` callers already handle.
  ///
  /// The code is mapped as FoundationNetworking mapped it, so that a caller reads the same
  /// `URLError.Code` whichever transport ran; `NSLocalizedDescriptionKey` carries libcurl's own
  /// words (its error buffer, such as "transfer closed with 96 bytes remaining to read"), which
  /// say what the server did wrong.
  enum CurlFailure {
    static func urlError(code: Int32, detail: String) -> URLError {
      URLError(urlErrorCode(for: code), userInfo: [NSLocalizedDescriptionKey: detail])
    }

    static func urlErrorCode(for code: Int32) -> URLError.Code {
      switch code {
      case CurlCode.unsupportedProtocol: .unsupportedURL
      case CurlCode.urlMalformat: .badURL
      case CurlCode.couldNotResolveHost, CurlCode.couldNotResolveProxy: .cannotFindHost
      case CurlCode.couldNotConnect: .cannotConnectToHost
      case CurlCode.operationTimedOut: .timedOut
      case CurlCode.sendError, CurlCode.receiveError: .networkConnectionLost
      case CurlCode.gotNothing: .badServerResponse
      case CurlCode.badContentEncoding: .cannotDecodeContentData
      case CurlCode.peerFailedVerification: .serverCertificateUntrusted
      case CurlCode.sslConnectError: .secureConnectionFailed
      default: .unknown
      }
    }
  }
#endif
