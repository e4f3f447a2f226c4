import HostOS

let arguments = Array(CommandLine.arguments.dropFirst())
HostOS.exit(arguments.first == "--score-corpus" ? CorpusRun.run(Array(arguments.dropFirst())) : ImportMain.run(arguments))
