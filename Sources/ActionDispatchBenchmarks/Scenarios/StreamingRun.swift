import Foundation

/// A streaming run of 10,000 elements against the hand-written loop that does the same:
/// iterate, store each element in observable properties on the main actor, flip a loading flag.
enum StreamingRun {
  @MainActor
  static func run(elements: Int, runsPerRound: Int, rounds: Int) async -> [BenchmarkResult] {
    let handWritten = HandWrittenStreamViewModel()
    let actionDispatch = StreamBenchViewModel()
    let sequence = CountingSequence(count: elements)

    func handWrittenRound() async -> Double {
      await Measure.seconds {
        for _ in 0..<runsPerRound {
          handWritten.received = 0
          await handWritten.load(sequence).value
        }
      }
    }
    func actionDispatchRound() async -> Double {
      await Measure.seconds {
        for _ in 0..<runsPerRound {
          actionDispatch.received = 0
          await actionDispatch.load(sequence).value
        }
      }
    }

    _ = await handWrittenRound()
    _ = await actionDispatchRound()
    precondition(actionDispatch.received == elements && handWritten.received == elements)

    var ratios: [Double] = []
    var ours: [Double] = []
    var theirs: [Double] = []
    for _ in 0..<rounds {
      let hand = await handWrittenRound()
      let mine = await actionDispatchRound()
      theirs.append(hand)
      ours.append(mine)
      ratios.append(mine / hand)
    }
    let perElement = { (seconds: Double) in seconds / Double(runsPerRound * elements) * 1e9 }
    return [
      BenchmarkResult(
        name: "streaming run: \(elements.formatted()) elements vs the hand-written loop",
        value: perElement(Measure.median(ours)), unit: "ns/element",
        baselineName: "hand-written Task loop", baselineValue: perElement(Measure.median(theirs)),
        measure: Measure.median(ratios), target: 1.5, targetDescription: "≤ 1.5× hand-written",
        notes:
          "median ratio of \(rounds) interleaved rounds of \(runsPerRound) runs; each element stored on the main actor")
    ]
  }
}
