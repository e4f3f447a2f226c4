# Homebrew formula for a team's tap: brew install --build-from-source ./Formula/tipsim.rb, or
# copy it into a tap. A release replaces url and sha256 (docs/CI.md, "Releasing").
class Tipsim < Formula
  desc "Simulator of Apple's TipKit rules engine: when each tip shows, and why not"
  homepage "https://github.com/your-org/TipSim"
  url "https://github.com/your-org/TipSim/archive/refs/tags/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"

  depends_on xcode: ["26.0", :build]
  depends_on :macos

  def install
    system "swift", "build", "-c", "release", "--disable-sandbox", "--product", "tipsim"
    system "swift", "build", "-c", "release", "--disable-sandbox", "--product", "tipsim-import"
    bin_path = Utils.safe_popen_read("swift", "build", "-c", "release", "--show-bin-path").chomp
    # Side by side: tipsim runs tipsim-import from its own folder.
    bin.install "#{bin_path}/tipsim", "#{bin_path}/tipsim-import"
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/tipsim --version")
    (testpath/"story.scenario").write <<~SCENARIO
      screen home: banner
      tip welcome
        title "Welcome"
        anchor home.banner
      launch
      open home
      expect shown welcome
    SCENARIO
    system bin/"tipsim", "run", testpath/"story.scenario"
    (testpath/"App.swift").write <<~SWIFT
      import TipKit
      struct WelcomeTip: Tip {
        var title: Text { Text("Welcome") }
      }
    SWIFT
    assert_match "tip WelcomeTip", shell_output("#{bin}/tipsim import #{testpath}/App.swift")
  end
end
