/// A store that cannot do what was asked right now, for a reason outside the program (not a bug):
/// the service reports it to the caller as its own error kind instead of a failure of the server.
package enum StoreFailure: Error, Equatable, Sendable {
    /// Another writer held the database's lock past the busy timeout; worth retrying in `retryAfterSeconds`.
    case busy(retryAfterSeconds: Int)
    /// The disk (or the database's size limit) is full: writes fail until space is freed; reads go on.
    case full
    /// The database file cannot be used for writing: deleted or replaced while running, or an I/O
    /// error on it or its side files. Nothing was written.
    case unavailable(reason: String)
}
