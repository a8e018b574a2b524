import CPostgreSQL

/// What libpq reads out of a connection string, a URL or `keyword=value` pairs, with libpq's own
/// parser (`PQconninfoParse`): each option given, by keyword, no default or service file read
/// and nothing connected. libpq's reason when it refuses the string (it may quote the string).
struct ConninfoOptions {
    let values: [String: String]

    struct Refusal: Error {
        let reason: String
    }

    init(parsing text: String) throws(Refusal) {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(text, &error) else {
            let reason = error.map { String(cString: $0) } ?? "not a connection string"
            if let error { PQfreemem(error) }
            throw Refusal(reason: reason)
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        self.values = values
    }

    /// What libpq would refuse only when it connects, as a phrase for "expected ...": each port
    /// 1-65535, as many ports as hosts (or one), a known `target_session_attrs` that can write,
    /// a whole `connect_timeout`. Nil when none.
    var connectTimeProblem: String? {
        let hosts = listed("host") ?? listed("hostaddr")
        if let ports = listed("port") {
            guard ports.allSatisfy({ $0.isEmpty || Int($0).map { (1...65_535).contains($0) } == true }) else {
                return "a connection string whose ports are each 1-65535"
            }
            if ports.count > 1, ports.count != (hosts?.count ?? 1) {
                return "a connection string with one port, or one port for each host"
            }
        }
        if let attributes = values["target_session_attrs"], !Self.writableSessions.contains(attributes) {
            return "a connection string whose target_session_attrs lets gif-bff write: "
                + Self.writableSessions.sorted().joined(separator: ", ")
        }
        if let timeout = values["connect_timeout"], Int(timeout.trimmingSpaces).map({ $0 >= 0 }) != true {
            return "a connection string whose connect_timeout is a whole number of seconds"
        }
        return nil
    }

    /// libpq's values of `target_session_attrs` that may land on a server that takes writes
    /// (`read-only`, `standby` and `prefer-standby` choose a standby first or only).
    static let writableSessions: Set<String> = ["any", "read-write", "primary"]

    private func listed(_ keyword: String) -> [String]? {
        values[keyword].map { $0.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces } }
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
