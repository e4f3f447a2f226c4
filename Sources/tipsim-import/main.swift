import Foundation
import TipImport

exit(ImportMain.run(Array(CommandLine.arguments.dropFirst())))
