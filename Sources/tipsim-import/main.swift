import Foundation

exit(ImportMain.run(Array(CommandLine.arguments.dropFirst())))
