import Testing

@testable import ActionDispatch

/// The one list of callers that a view model's shared run and a cache's fetch both keep
/// (issue 37, item 7): join order, the last leaving, and dropping those that left.
@Suite struct JoinedCallersTests {
  final class Caller {
    let id: Int
    var hasLeft = false
    init(_ id: Int) { self.id = id }
  }

  @Test func onlyTheLastAttachedCallerLeavingSaysTheWorkIsWantedNoMore() {
    var callers = JoinedCallers<Caller>()
    let (first, second) = (Caller(1), Caller(2))
    callers.join(first)
    callers.join(second)
    first.hasLeft = true
    #expect(!callers.leave { $0.hasLeft })
    second.hasLeft = true
    #expect(callers.leave { $0.hasLeft })
    #expect(callers.attached == 0)
  }

  @Test func callersThatLeftAreDroppedOnceTheyOutnumberTheAttachedWhoKeepTheirOrder() {
    var callers = JoinedCallers<Caller>()
    let all = (0..<100).map(Caller.init)
    for caller in all { callers.join(caller) }
    // Every caller but each tenth leaves: the list shrinks as it goes, never below the attached.
    for caller in all where caller.id % 10 != 0 {
      caller.hasLeft = true
      #expect(!callers.leave { $0.hasLeft })
    }
    #expect(callers.attached == 10)
    #expect(callers.all.count < 100, "callers that left were never dropped")
    #expect(callers.all.filter { !$0.hasLeft }.map(\.id) == Array(stride(from: 0, to: 100, by: 10)))
    let taken = callers.takeAll()
    #expect(taken.filter { !$0.hasLeft }.count == 10)
    #expect(callers.all.isEmpty && callers.attached == 0)
  }
}
