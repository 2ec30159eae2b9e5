import Foundation
import GitHubAPI

/// The GitHubFollowers catalog's examples, compiled as they are quoted
/// (scripts/check-doc-snippets). They talk to api.github.com, so no test calls them; the
/// client's behaviour has its own tests against the fake server.
enum DocExamples {
  static func printEveryFollower() async {
    // snippet: overview
    let client = GitHubClient(
      configuration: .init(
        token: GitHubClient.Configuration.token(fromEnvironment: ProcessInfo.processInfo.environment)
      ))
    do {
      for try await page in client.allFollowers(of: "octocat", perPage: 100, concurrency: 1) {
        for follower in page.followers { print(follower.login) }
      }
    } catch let error as GitHubError {
      print(error)  // e.g. GitHub's API rate limit is exhausted; it resets at 14:05 UTC ...
    } catch {
      print(error)
    }
    // end snippet: overview
  }

  static func makeClient() -> GitHubClient {
    // snippet: token
    let token = GitHubClient.Configuration.token(fromEnvironment: ProcessInfo.processInfo.environment)
    let client = GitHubClient(configuration: .init(token: token))  // GITHUB_TOKEN, then GH_TOKEN
    // end snippet: token
    return client
  }

  static func makeCachingClient() -> GitHubClient {
    // snippet: diskCache
    var configuration = GitHubClient.Configuration(
      token: GitHubClient.Configuration.token(fromEnvironment: ProcessInfo.processInfo.environment))
    if let directory = DiskCache.defaultDirectory(environment: ProcessInfo.processInfo.environment) {
      configuration.diskCache = DiskCache(directory: directory, maxAge: .seconds(600))
    }
    let client = GitHubClient(configuration: configuration)
    // end snippet: diskCache
    return client
  }
}
