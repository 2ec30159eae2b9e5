// The view models are written over the client: code that imports GitHubFollowers sees the client's
// types as it did before the client became a module of its own.
@_exported import GitHubAPI
// The demo service and its fixtures, a module of their own beside the client, are seen as before too.
@_exported import GitHubDemo
