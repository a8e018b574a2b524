import CPostgreSQL

/// The WARNINGs the server sent a connection (libpq's notice receiver), by SQLSTATE, until taken.
/// A commit that waited for a synchronous standby and was cancelled (`statement_timeout`) comes
/// back "successful" with only a WARNING (01000, "canceling wait for synchronous replication":
/// committed locally, maybe not on the standby), so a commit is judged by its warnings too. Read
/// by severity and code, never by the message, which the server may translate. Not Sendable: it
/// belongs to one connection, on that connection's thread.
final class ServerWarnings {
    private var codes: [String] = []

    /// Receives the connection's notices from now on (and no longer prints them on stderr);
    /// `self` must outlive the connection's handle.
    func receive(on handle: OpaquePointer) {
        PQsetNoticeReceiver(handle, { context, result in
            guard let context, let result else { return }
            let severity = PQresultErrorField(result, Int32(UInt8(ascii: "V"))).map { String(cString: $0) }
            guard severity == "WARNING" else { return }
            let code = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            Unmanaged<ServerWarnings>.fromOpaque(context).takeUnretainedValue().codes.append(code)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The codes received since the last take.
    func take() -> [String] {
        defer { codes = [] }
        return codes
    }
}
