// Used by the durability test: adds one favorite to the real database as `Favorites` stores
// one (its snapshot, through the store's atomic insert; the rest of an add is memory, which a
// kill takes anyway), says so on stdout, then waits to be killed (SIGKILL) so the test can
// check that the confirmed favorite survived.
//
//   favorites-durability-probe <database path> <item id>
import Foundation
import Service
import Model
import Storage

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: favorites-durability-probe <database path> <item id>\n".utf8))
    exit(2)
}
/// The store did not insert the favorite (the database was not a fresh one).
struct ProbeFailure: Error { let outcome: FavoriteInsertOutcome }

let path = arguments[1]
let id = arguments[2]

do {
    // Opened as the server opens it, so the test covers its way of writing (ExclusiveVFS).
    let store = try Stores.open(path: path, options: AppDatabase.serverOptions).favorites
    let item = Item(id: id, provider: .giphy, title: "Durable GIF", url: "https://giphy.com/gifs/\(id)")
    let outcome = try await store.insertIfRoom(FavoriteRecord(snapshotOf: item, addedAt: Date()), limit: Favorites.defaultLimit, install: .local)
    guard outcome == .inserted else { throw ProbeFailure(outcome: outcome) }
    // FileHandle writes go straight to the file descriptor: nothing left in a buffer.
    FileHandle.standardOutput.write(Data("added \(id)\n".utf8))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

while true {
    try await Task.sleep(for: .seconds(3600))
}
