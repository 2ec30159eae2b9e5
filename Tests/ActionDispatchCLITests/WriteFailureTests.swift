import Foundation
import Testing

/// Output that cannot be written is a failure, said on standard error: never a silent exit 0
/// with the results lost.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
struct WriteFailureTests {
  @Test(arguments: [
    ["followers", "octocat", "--demo", "--json"], ["followers", "octocat", "--demo"], ["profile", "octocat", "--demo"],
    ["--help"], ["--version"],
  ])
  func aFullDiskExitsOneAndSaysSo(arguments: [String]) async throws {
    let child = try await CLIProcess.start(arguments, outputs: .outputToFile("/dev/full"))
    let result = await child.result()
    let message = "error: could not write to standard output: No space left on device\n"
    #expect(result == CLIResult(stdout: "", stderr: message, status: 1))
  }
}
