#if canImport(Testing)
  import ActionDispatch

  /// How a ``StrictHarness`` reports: the changes left unasserted at the end, and how its
  /// messages name groups, counts, actions and the stage a dispatch left running was in.
  extension StrictHarness {
    /// One issue per run of groups with the same `send`, at that `send`.
    func reportUnasserted(endingAt location: CallSite) {
      var index = unasserted.startIndex
      while index < unasserted.endIndex {
        let site = unasserted[index].site
        var end = index + 1
        while end < unasserted.endIndex, unasserted[end].site == site { end += 1 }
        let groups = unasserted[index..<end]
        let total = groups.reduce(0) { $0 + $1.changes.count }
        let cause =
          site.map { "after send at \($0.description)" } ?? "after the harness was made at \(madeAt.description)"
        var lines = ["\(Self.count(total, "change")) not asserted \(cause)"]
        for group in groups {
          lines.append("  after \(group.moment):")
          lines += group.changes.flatMap(\.lines).map { "    \($0)" }
        }
        lines.append(
          "Assert each group with harness.expect(...) in order, or call harness.skipChanges() where the test does not care."
        )
        reporter.record(lines.joined(separator: "\n"), site ?? madeAt)
        index = end
      }
      unasserted.removeAll()
    }

    /// What a group followed, for a message: `after send at InboxTests.swift:14 (succeeded(.load), run 2)`.
    static func describe(_ group: Group) -> String {
      let cause = group.site.map { "after send at \($0)" } ?? "after the harness was made"
      return "\(cause) (\(group.moment))"
    }

    /// `1 change`, `2 changes`.
    static func count(_ count: Int, _ noun: String) -> String {
      "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// An action as a test writes it: `.load`.
    static func describe(_ actionId: ActionId) -> String {
      ".\(actionId)"
    }

    /// Where a dispatch left running waits.
    static func describe(_ stage: PendingDispatch<ActionId>.Stage) -> String {
      switch stage {
      case .inFlight: "in flight (its work, a debounce's quiet period, a retry's backoff or its timeout)"
      case .waitingForTurn: "queued behind an earlier run (.enqueue)"
      case .heldByThrottle: "held by a throttle until its window closes"
      }
    }
  }
#endif
