// The view models are written over the client: code that imports GitHubFollowers sees the client's
// types as it did before the client became a module of its own.
@_exported import GitHubAPI
