import Foundation
import GifBFFApp

let status = await App.run(arguments: Array(CommandLine.arguments.dropFirst()),
                           environment: ProcessInfo.processInfo.environment)
exit(status)
