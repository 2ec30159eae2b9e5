// The transport's types (HTTPClient, HTTPRequest, HTTPResponse, the production client and its
// errors) are part of this module's API: code that imports GitHubAPI sees them as before.
@_exported import HTTPTransport
