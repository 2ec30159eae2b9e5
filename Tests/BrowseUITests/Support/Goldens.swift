/// The golden frames of ``RendererGoldenTests``: what a person sees, trailing spaces dropped.
enum Goldens {
  /// 100×30.
  static let wide = [
    " followers of octocat                                                                 7 of 7 loaded",
    "    LOGIN                              TYPE │ PROFILE",
    "›   amber-otter                        User │ amber-otter",
    "    日本語のユーザー名前               User │",
    "    étienne                            User │ Name       名前^[[31mRed\\u{202E}",
    "    evil^[[2J^[]52;c;eA==^Gx           User │ Company    @github^G",
    "    bidi\\u{202E}gnp.exe                User │ Location   東京 Tokyo",
    "    🐙octo                             Org  │ Repos      8",
    "    longlonglonglonglonglonglonglongl… User │ Followers  7",
    "                                            │ Following  2",
    "                                            │ Joined     2011-01-25",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "                                            │",
    "",
    " j/k move  g/G top/end  ⏎ open  h back  / search  f/u follow  e events  c cache  ? keys  q quit",
  ]

  /// 60×20.
  static let medium = [
    " followers of octocat                         7 of 7 loaded",
    "    LOGIN                 │ PROFILE",
    "›   amber-otter           │ amber-otter",
    "    日本語のユーザー名前  │",
    "    étienne               │ Name       名前^[[31mRed\\u{202E}",
    "    evil^[[2J^[]52;c;eA==…│ Company    @github^G",
    "    bidi\\u{202E}gnp.exe   │ Location   東京 Tokyo",
    "    🐙octo                │ Repos      8",
    "    longlonglonglonglongl…│ Followers  7",
    "                          │ Following  2",
    "                          │ Joined     2011-01-25",
    "                          │",
    "                          │",
    "                          │",
    "                          │",
    "                          │",
    "                          │",
    "                          │",
    "",
    " j/k move  g/G top/end  ⏎ open  h back  / search  f/u follo…",
  ]

  /// 40×10.
  static let smallest = [
    " followers of octocat     7 of 7 loaded",
    "    LOGIN                          TYPE",
    "›   amber-otter                    User",
    "    日本語のユーザー名前           User",
    "    étienne                        User",
    "    evil^[[2J^[]52;c;eA==^Gx       User",
    "    bidi\\u{202E}gnp.exe            User",
    "    🐙octo                         Org",
    "",
    " j/k move  g/G top/end  ⏎ open  h back …",
  ]

  /// 39×10.
  static let tooSmall = [
    "",
    "",
    "",
    "",
    "",
    "terminal too small: 39×10, needs 40×10",
    "",
    "",
    "",
    "",
  ]

  /// 20×8: the message wraps instead of being cut.
  static let tooSmallAndNarrow = [
    "",
    "",
    "",
    "terminal too small:",
    "20×8, needs 40×10",
    "",
    "",
    "",
  ]
}
