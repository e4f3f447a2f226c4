import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
exit(arguments.first == "--score-corpus" ? CorpusRun.run(Array(arguments.dropFirst())) : ImportMain.run(arguments))
