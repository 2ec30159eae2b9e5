import ActionDispatch
import ActionDispatchTesting
import Testing

/// The actions of ``InboxViewModel``.
enum InboxAction: ActionIdType {
  case load
  case rename
  case star
}

/// A screen over a `QueryCache` key (`inbox`), with a mutation that invalidates the key and an
/// optimistic toggle: what the strict harness's grouping rules are tested on.
@MainActor
@Observable
final class InboxViewModel: BaseViewModel<InboxAction> {
  static let key = QueryKey<[String]>("inbox")
  private(set) var titles: [String] = []
  private(set) var isStarred = false
  let cache: QueryCache
  let titlesStub: Stub<Void, [String]>
  let renameStub = Stub<String, Void>(returning: ())
  let starStub = Stub<Bool, Void>(returning: ())

  init(cache: QueryCache, titles: Stub<Void, [String]>) {
    self.cache = cache
    self.titlesStub = titles
    super.init()
  }

  @discardableResult
  func load() -> Task<Void, Never> {
    dispatch(actionId: .load, query: Self.key, in: cache, task: { [titlesStub] in try await titlesStub() }) {
      viewModel, titles in
      viewModel.titles = titles
    }
  }

  @discardableResult
  func rename(_ title: String) -> Task<Void, Never> {
    dispatch(actionId: .rename, task: { [renameStub] in try await renameStub(title) }) { viewModel, _ in
      viewModel.cache.invalidate(Self.key)
    }
  }

  @discardableResult
  func star() -> Task<Void, Never> {
    dispatch(
      actionId: .star,
      optimistic: { viewModel in
        viewModel.isStarred.toggle()
        return { $0.isStarred.toggle() }
      },
      task: { [starStub, isStarred] in try await starStub(isStarred) })
  }
}
