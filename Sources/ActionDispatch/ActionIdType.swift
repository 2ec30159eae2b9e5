public protocol ActionIdType: Hashable, Sendable {}
