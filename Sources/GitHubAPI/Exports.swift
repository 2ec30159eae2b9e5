// The transport's types (HTTPClient, HTTPRequest, HTTPResponse, the production client and its
// errors) and the package's version are part of this module's API: code that imports GitHubAPI
// sees them as before they became modules of their own.
@_exported import HTTPTransport
@_exported import PackageVersion
