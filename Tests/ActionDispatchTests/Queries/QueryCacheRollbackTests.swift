import ActionDispatch
import ActionDispatchTesting
import Observation
import Testing

/// The rollback `QueryCache.setValue(_:for:)` returns puts back the value it replaced only while
/// the key holds what it set: the cache holds the key's entry strongly in the rollback (a weak
/// reference cost every key set 48 bytes, issue 37 item 8), so it checks the entry is still the
/// key's.
@MainActor
@Suite(.serialExecutor) struct QueryCacheRollbackTests {
  private let key = QueryKey<Int>("row", "1")

  @Test func aRollbackPutsBackTheValueItReplaced() {
    let cache = QueryCache(clock: TestClock())
    cache.setValue(1, for: key)
    let rollback = cache.setValue(2, for: key)
    rollback()
    #expect(cache.value(for: key) == 1)
  }

  @Test func aRollbackOfAKeySetWithNoValueBeforeRemovesTheValue() {
    let cache = QueryCache(clock: TestClock())
    let rollback = cache.setValue(2, for: key)
    rollback()
    #expect(cache.value(for: key) == nil)
  }

  @Test func aRollbackAfterTheKeyWasForgottenAndSetAgainAtTheSameInstantChangesNothing() {
    // The time never moves, so both sets of the key share an instant; a capacity of one forgets
    // the key, value and all, when another is set.
    let cache = QueryCache(clock: TestClock(), capacity: 1)
    let rollback = cache.setValue(1, for: key)
    cache.setValue(9, for: QueryKey<Int>("row", "2"))
    #expect(cache.value(for: key) == nil)
    cache.setValue(2, for: key)
    let readersTold = LockedState(0)
    withObservationTracking {
      _ = cache.value(for: key)
    } onChange: {
      readersTold.withLock { $0 += 1 }
    }
    rollback()
    #expect(cache.value(for: key) == 2)
    #expect(readersTold.withLock { $0 } == 0)  // the forgotten entry's rollback tells no reader of the key
  }
}
