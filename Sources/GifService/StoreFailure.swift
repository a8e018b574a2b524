/// A store that cannot do what was asked right now, for a reason outside the program (not a bug):
/// the service reports it to the caller as its own error kind instead of a failure of the server.
public enum StoreFailure: Error, Equatable, Sendable {
    /// Another writer held the database's lock past the busy timeout; worth retrying in `retryAfterSeconds`.
    case busy(retryAfterSeconds: Int)
}
