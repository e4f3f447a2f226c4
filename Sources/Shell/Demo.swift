/// The scenario the shell loads when it starts without a file: Apple's Backyard Birds tips,
/// launched, so that `open detail` or `why favoriteBackyard` shows something at once.
public enum Demo {
  public static let scenario = """
    # Built-in demo: Apple's "Backyard Birds" sample (WWDC23).
    start 2026-11-01T09:00
    frequency daily

    param isLoggedIn = false
    event viewedBackyard(backyardID)

    screen backyards: list addButton
    screen detail: header favoriteButton

    tip addBackyard
      title "Add a backyard"
      message "Track the birds that visit another garden."
      anchor backyards.addButton

    tip favoriteBackyard
      title "Save as a Favorite"
      message "Your favorite backyards will appear at the top of the list."
      anchor detail.favoriteButton
      rule isLoggedIn == true
      rule viewedBackyard.largestSubset(by: backyardID, within: 5d) >= 3
      maxDisplayCount 5
      action favorite "Favorite"

    launch
    """

  /// What the shell says after loading the demo.
  public static let banner = """
    TipSim — the Backyard Birds demo is loaded and the app is launched.
    Try: open backyards · set isLoggedIn true · donate viewedBackyard backyardID=2 · why favoriteBackyard · advance 1d
    `help` lists every command; `tipsim --empty` starts without the demo; Ctrl-D leaves.
    """
}
