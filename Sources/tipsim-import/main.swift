import HostOS

HostOS.exit(ImportMain.run(Array(CommandLine.arguments.dropFirst())))
