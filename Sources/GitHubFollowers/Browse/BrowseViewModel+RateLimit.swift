import Foundation

extension BrowseViewModel {
  /// Whether GitHub's rate limit is used up and has not reset yet: the browser sends nothing.
  public var isRateLimited: Bool {
    guard let limitedUntil else { return false }
    return limitedUntil > now()
  }

  /// The status line's rate-limit part: `57 requests left · resets in 42m`, or, while the limit
  /// is used up, `rate limit reached · resumes in 4:59` (a countdown, from the injected `now`);
  /// `nil` when the service reports no counters.
  public var rateLimitStatus: String? {
    let now = now()
    if let limitedUntil, limitedUntil > now {
      return "rate limit reached · resumes in \(Self.countdown(limitedUntil.timeIntervalSince(now)))"
    }
    guard let rateLimit else { return nil }
    let left = "\(max(0, rateLimit.remaining)) \(rateLimit.remaining == 1 ? "request" : "requests") left"
    guard rateLimit.resetAt > now else { return left }
    let seconds = rateLimit.resetAt.timeIntervalSince(now)
    let resets = seconds < 60 ? "\(Int(seconds.rounded(.up)))s" : "\(Int((seconds / 60).rounded(.up)))m"
    return "\(left) · resets in \(resets)"
  }

  /// `m:ss`, or `h:mm:ss` from an hour, rounded up to the second.
  static func countdown(_ interval: Double) -> String {
    let total = max(0, Int(interval.rounded(.up)))
    let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
    let mmss = (hours > 0 && minutes < 10 ? "0" : "") + "\(minutes):" + (seconds < 10 ? "0" : "") + "\(seconds)"
    return hours > 0 ? "\(hours):\(mmss)" : mmss
  }

  /// Goes on after the rate limit has reset: the selected row's profile (and anything else the
  /// screen waits for) is asked for without a key press. What calls it: `action-dispatch
  /// browse` on each frame of the countdown; a SwiftUI app from a timer (`TimelineView`); a test
  /// after moving its clock past the reset. Does nothing before the reset.
  public func resumeIfLimitReset() {
    guard let limitedUntil, limitedUntil <= now() else { return }
    self.limitedUntil = nil
    if noticeSource == Self.rateLimitNoticeSource || notice?.contains("rate limit") == true {
      notice = nil
      noticeSource = nil
    }
    if mode == .followers {
      let list = current
      if profile(of: list.username.rawValue) == nil { loadOwner(of: list) }
    }
    selectionChanged()
  }

  /// Reads the service's latest counters into ``rateLimit`` (and ``limitedUntil`` when they say
  /// the limit is used up); what the browser does after each run, and what a test awaits.
  public func updateRateLimit() async {
    apply(await service.latestRateLimit())
  }

  static let rateLimitNoticeSource = "rate limit"

  /// Whether a key's requests are held back because the limit is used up; if so, says so.
  func holdsBackForRateLimit() -> Bool {
    guard isRateLimited else { return false }
    noteRateLimited()
    return true
  }

  /// Says that the rate limit holds a request back, and until when.
  func noteRateLimited() {
    guard let limitedUntil else { return }
    notice = "GitHub's rate limit is used up: nothing is sent until it resets at \(Self.clockTime(limitedUntil))."
    noticeSource = Self.rateLimitNoticeSource
  }

  /// The limit is used up until `resetAt`.
  func limitedUntil(_ resetAt: Date) {
    guard resetAt > now() else { return }
    if limitedUntil != resetAt { limitedUntil = resetAt }
  }

  /// Reads the counters after a run, one read at a time.
  func readRateLimit() {
    guard rateLimitReading == nil else {
      rateLimitReadAgain = true
      return
    }
    rateLimitReading = Task { [weak self, service] in
      let limit = await service.latestRateLimit()
      guard let self else { return }
      self.rateLimitReading = nil
      self.apply(limit)
      if self.rateLimitReadAgain {
        self.rateLimitReadAgain = false
        self.readRateLimit()
      }
    }
  }

  private func apply(_ limit: RateLimit?) {
    guard let limit else { return }
    if rateLimit != limit { rateLimit = limit }
    if limit.remaining <= 0, (limit.resource ?? "core") == "core" { limitedUntil(limit.resetAt) }
  }

  /// `HH:mm:ss` in UTC.
  static func clockTime(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.up)) % 86_400
    let parts = [seconds / 3600, seconds / 60 % 60, seconds % 60]
    return parts.map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":") + " UTC"
  }
}
