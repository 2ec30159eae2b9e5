import ActionDispatch
import ActionDispatchTesting
import Testing

/// Issue 37, item 8: the cache's table gives its slots back as keys are forgotten (the memory
/// rows of the "query cache" benchmark measure how much); every key it still holds is found
/// after it shrank, and it grows again.
@MainActor
@Suite(.serialExecutor) struct QueryCacheTableShrinkTests {
  private func key(_ row: Int) -> QueryKey<Int> { QueryKey("row", String(row)) }

  @Test func theKeysLeftAreFoundAfterMostWereForgottenAndTheTableGrowsAgain() {
    let cache = QueryCache(capacity: 10_000)
    for row in 0..<1_000 { cache.setValue(row, for: key(row)) }
    // An unwatched key with no fetch is forgotten by removeValue: 990 of 1,000 go.
    for row in 0..<1_000 where !row.isMultiple(of: 100) { cache.removeValue(for: key(row)) }
    #expect(cache.count == 10)
    for row in stride(from: 0, to: 1_000, by: 100) { #expect(cache.value(for: key(row)) == row) }
    #expect((0..<1_000).filter { !$0.isMultiple(of: 100) && cache.value(for: key($0)) != nil }.isEmpty)

    for row in 1_000..<2_000 { cache.setValue(row, for: key(row)) }
    #expect(cache.count == 1_010)
    #expect((1_000..<2_000).allSatisfy { cache.value(for: key($0)) == $0 })
    for row in stride(from: 0, to: 1_000, by: 100) { #expect(cache.value(for: key(row)) == row) }
  }

  @Test func aCacheWhoseKeysWereAllForgottenHoldsNoneAndTakesNewOnes() {
    let cache = QueryCache(capacity: 10_000)
    for row in 0..<500 { cache.setValue(row, for: key(row)) }
    for row in 0..<500 { cache.removeValue(for: key(row)) }
    #expect(cache.count == 0)
    #expect(cache.value(for: key(7)) == nil)
    cache.setValue(7, for: key(7))
    #expect(cache.count == 1)
    #expect(cache.value(for: key(7)) == 7)
  }
}
