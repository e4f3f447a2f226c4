import ArgumentParser
import Runner
import Sessions
import Terminal

/// Replays a file for a reporting subcommand, which reads the session the run leaves: the log
/// is not rendered, and the file's own reports (a `population` line, say) are skipped, since
/// the subcommand makes the report asked for. Invalid input prints its diagnostic and exits 2.
func replayQuietly(_ file: String) throws -> RunReport {
  var session = Session()
  session.skipsReports = true
  let report = ScenarioRunner.run(file: file, session: session, options: RunOptions(printsLog: false), err: Console.err)
  if report.exitCode == 2 { throw ExitCode(2) }
  return report
}
