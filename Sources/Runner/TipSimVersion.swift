/// TipSim's version, which `tipsim --version` and `tipsim-import --version` print. A release
/// sets it, then tags the commit `v` + it (docs/CI.md).
public enum TipSimVersion {
  public static let current = "0.1.0"
}
