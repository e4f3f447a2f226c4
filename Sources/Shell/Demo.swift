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

    # How the app's users behave, for `population`: 60% light users, 40% heavy ones.
    cohort light 60%
      open backyards 1 per day poisson for 2m
      open detail 0.5 per day poisson for 1m
      donate viewedBackyard backyardID=2 0.5 per day poisson
      churn 2% per day

    cohort heavy 40%
      open backyards 3 per day fixed for 3m
      open detail 2 per day heavytail for 2m
      set isLoggedIn true 1 per day fixed
      donate viewedBackyard backyardID=2 2 per day heavytail
      relaunch 1 per day fixed

    launch
    """

  /// What the shell says after loading the demo.
  public static let banner = """
    TipSim — the Backyard Birds demo is loaded and the app is launched.
    Try: open backyards · set isLoggedIn true · donate viewedBackyard backyardID=2 · why favoriteBackyard · advance 1d
    What share of users see each tip? population 1000 for 30d (the demo's cohorts: 60% light, 40% heavy users)
    `help` lists every command; `tipsim --empty` starts without the demo; Ctrl-D leaves.
    """
}
