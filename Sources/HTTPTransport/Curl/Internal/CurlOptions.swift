#if os(Linux)
  import Foundation

  /// How a transfer's easy handle is set up; on the loop's thread.
  enum CurlOptions {
    /// Sets every option `transfer` needs on `easy`.
    ///
    /// - Returns: `nil`, or what libcurl refused, in a sentence.
    static func configure(_ easy: OpaquePointer, for transfer: CurlTransfer, with curl: LibCurl) -> String? {
      let context = UnsafeRawPointer(Unmanaged.passUnretained(transfer).toOpaque())
      var refused: [String] = []
      func check(_ name: String, _ code: Int32) {
        if code != CurlCode.ok { refused.append("\(name) (\(curl.describe(code)))") }
      }
      check("CURLOPT_URL", transfer.url.absoluteString.withCString { curl.setPointer(easy, CurlOption.url, $0) })
      check("CURLOPT_ERRORBUFFER", curl.setPointer(easy, CurlOption.errorBuffer, transfer.errorBuffer))
      // No signals from a library running on a thread of its own; sends use MSG_NOSIGNAL.
      check("CURLOPT_NOSIGNAL", curl.setLong(easy, CurlOption.noSignal, 1))
      // A redirect is the caller's to follow: libcurl hands it over, and the transfer answers
      // at the end of its head (CurlTransfer).
      check("CURLOPT_FOLLOWLOCATION", curl.setLong(easy, CurlOption.followLocation, 0))
      // Every encoding libcurl decodes is offered, and decoded before the write callback counts it.
      check("CURLOPT_ACCEPT_ENCODING", "".withCString { curl.setPointer(easy, CurlOption.acceptEncoding, $0) })
      // The whole transfer, from connecting to the last byte: a trickle cannot outlast it.
      check("CURLOPT_TIMEOUT_MS", curl.setLong(easy, CurlOption.timeoutMilliseconds, transfer.timeoutMilliseconds))
      // A proxy's CONNECT answer is not the server's head (7.54.0 and later; older ones refuse).
      _ = curl.setLong(easy, CurlOption.suppressConnectHeaders, 1)

      let header: LibCurl.DataCallback = { data, size, count, context in
        guard let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        return transfer.header(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
      }
      let write: LibCurl.DataCallback = { data, size, count, context in
        guard let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        return transfer.write(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
      }
      let progress: LibCurl.ProgressCallback = { context, _, _, _, _ in
        guard let context else { return 1 }
        return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().progress() ? 0 : 1
      }
      check("CURLOPT_HEADERFUNCTION", curl.set(easy, CurlOption.headerFunction, function: header))
      check("CURLOPT_HEADERDATA", curl.setPointer(easy, CurlOption.headerData, context))
      check("CURLOPT_WRITEFUNCTION", curl.set(easy, CurlOption.writeFunction, function: write))
      check("CURLOPT_WRITEDATA", curl.setPointer(easy, CurlOption.writeData, context))
      check("CURLOPT_XFERINFOFUNCTION", curl.set(easy, CurlOption.xferInfoFunction, function: progress))
      check("CURLOPT_XFERINFODATA", curl.setPointer(easy, CurlOption.xferInfoData, context))
      check("CURLOPT_NOPROGRESS", curl.setLong(easy, CurlOption.noProgress, 0))
      check("CURLOPT_PRIVATE", curl.setPointer(easy, CurlOption.privateData, context))

      var lines = transfer.headers.map { name, value in
        // "Name:" alone would remove a header libcurl adds; "Name;" sends it empty.
        value.isEmpty ? "\(name);" : "\(name): \(value)"
      }
      switch transfer.method {
      case .get:
        break
      case .put:
        // A PUT without a body: `Content-Length: 0`, as GitHub asks for, and no `Expect`.
        let noBody: LibCurl.DataCallback = { _, _, _, _ in 0 }
        check("CURLOPT_UPLOAD", curl.setLong(easy, CurlOption.upload, 1))
        check("CURLOPT_INFILESIZE_LARGE", curl.setOffset(easy, CurlOption.inFileSizeLarge, 0))
        check("CURLOPT_READFUNCTION", curl.set(easy, CurlOption.readFunction, function: noBody))
        lines.append("Expect:")
      case .delete:
        check("CURLOPT_CUSTOMREQUEST", "DELETE".withCString { curl.setPointer(easy, CurlOption.customRequest, $0) })
      }
      var list: OpaquePointer?
      for line in lines {
        guard let longer = line.withCString({ curl.slistAppend(list, $0) }) else {
          refused.append("curl_slist_append")
          break
        }
        list = longer
      }
      transfer.headerList = list
      if let list { check("CURLOPT_HTTPHEADER", curl.setPointer(easy, CurlOption.httpHeader, UnsafeRawPointer(list))) }
      return refused.isEmpty ? nil : "libcurl refused " + refused.joined(separator: ", ")
    }
  }
#endif
