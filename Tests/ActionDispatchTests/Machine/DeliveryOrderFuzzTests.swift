import Testing

@testable import ActionDispatch

/// ``DeliveryOrder`` alone over random programs (issue 40, item 2): seeded nests of posts made the
/// three ways the engine makes them — a lone post, a batch of state changes posted together
/// (`delivering`), a run's success delivered in place — with listeners that post again from
/// inside a delivery. Every program must deliver each notification once, in the order posted,
/// one at a time, and end with nothing waiting. A failing program is reported with its seed.
@Suite struct DeliveryOrderFuzzTests {
  /// Plays the engine's side of one seeded program against a ``DeliveryOrder``.
  struct Program {
    var order = DeliveryOrder<Int>()
    var random: SplitMix64
    /// The numbers posted, and those delivered, in order.
    var posted: [UInt64] = []
    var delivered: [UInt64] = []
    /// How many deliveries are under way: never more than one.
    var depth = 0
    var deepest = 0
    /// How many posts waited for a delivery under way.
    var queued = 0
    /// Posts left to make, which bounds the program.
    var budget: Int
    var problems: [String] = []

    init(seed: UInt64) {
      random = SplitMix64(state: seed)
      budget = 20 + Int(random.next() % 200)
    }

    /// The action each number is posted for, checked when it comes back.
    static func action(of id: UInt64) -> Int { Int(id % 7) }

    mutating func run() {
      while budget > 0 {
        switch random.next() % 3 {
        case 0: post()
        case 1: batch()
        default: success()
        }
        if order.isDelivering || order.hasPending { problems.append("a delivery was left open or waiting") }
      }
    }

    /// `post(_:of:)`: delivered now, or queued behind the delivery under way.
    mutating func post() {
      guard budget > 0 else { return }
      budget -= 1
      let id = UInt64(posted.count)
      posted.append(id)
      guard order.begin() else {
        queued += 1
        return order.enqueue(.held(id), of: Self.action(of: id))
      }
      deliver(id)
      endDelivery()
    }

    /// `delivering(_:)`: several state changes, each posting, then their notifications.
    mutating func batch() {
      let began = order.begin()
      for _ in 0..<(1 + random.next() % 3) { post() }
      if began { endDelivery() }
    }

    /// A run's success: its handlers run in place (they may post), then the rest is delivered.
    mutating func success() {
      guard order.begin() else { return problems.append("a success found a delivery under way at top level") }
      listenersReact()
      endDelivery()
    }

    mutating func deliver(_ id: UInt64) {
      depth += 1
      deepest = max(deepest, depth)
      if depth > 1 { problems.append("#\(id) was delivered inside another delivery") }
      delivered.append(id)
      listenersReact()
      depth -= 1
    }

    /// A hook, handler or observer: posts nothing, posts again, or makes a batch.
    mutating func listenersReact() {
      switch random.next() % 4 {
      case 0: post()
      case 1: batch()
      case 2:
        post()
        post()
      default: break
      }
    }

    mutating func endDelivery() {
      while let (notification, actionId) = order.next() {
        guard case .held(let id) = notification else {
          problems.append("a notification came back changed")
          continue
        }
        if actionId != Self.action(of: id) { problems.append("#\(id) came back with another action") }
        deliver(id)
      }
      order.end()
    }
  }

  static let firstSeed: UInt64 = 0x4445_4C49_0000_0000

  @Test func everySeededProgramDeliversEachNotificationOnceInTheOrderPosted() {
    var postedInAll = 0
    var queuedInAll = 0
    for seed in Self.firstSeed..<(Self.firstSeed + 2_000) {
      var program = Program(seed: seed)
      program.run()
      postedInAll += program.posted.count
      queuedInAll += program.queued
      #expect(program.problems == [], "seed \(seed): \(program.problems.prefix(4))")
      #expect(program.delivered == program.posted, "seed \(seed): delivered out of the order posted, or not once each")
      #expect(program.deepest <= 1, "seed \(seed)")
      if !program.problems.isEmpty || program.delivered != program.posted { return }
    }
    // Most posts wait for a delivery: the queue, not the direct path, is what is checked.
    #expect(postedInAll > 100_000)
    #expect(queuedInAll > postedInAll / 2)
  }

  @Test func aNotificationPostedDuringADeliveryWaitsForItThenComesInOrder() {
    var order = DeliveryOrder<String>()
    let began = order.begin()
    let beganAgain = order.begin()
    #expect(began)
    #expect(!beganAgain, "a second delivery began inside the first")
    order.enqueue(.held(1), of: "a")
    order.enqueue(.held(2), of: "b")
    #expect(order.hasPending)
    var seen: [String] = []
    while let (notification, actionId) = order.next() {
      if case .held(let id) = notification { seen.append("\(actionId)\(id)") }
      if actionId == "a" { order.enqueue(.held(3), of: "c") }
    }
    order.end()
    #expect(seen == ["a1", "b2", "c3"])
    #expect(!order.isDelivering && !order.hasPending)
    let beganNext = order.begin()
    #expect(beganNext, "the next delivery could not begin")
  }
}
