import CPostgreSQL

/// Which connection keywords may be printed, as libpq itself says: each option libpq knows comes
/// with a display character, `*` for a password-like one (`password`, `sslpassword`, and whatever
/// a later libpq adds). Everything else libpq knows is shown, less `secretFiles`.
enum ConnectionKeywords {
    /// Not `*` to libpq, but paths to secrets: the password file and the client key.
    static let secretFiles: Set<String> = ["passfile", "sslkey"]

    /// libpq's keywords that are not secrets; any other key in a URL is treated as one.
    static let shown: Set<String> = {
        // An empty conninfo parses to every option libpq knows, with no value and no defaults read.
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse("", &error) else {
            if let error { PQfreemem(error) }
            return []
        }
        defer { PQconninfoFree(options) }
        var shown = Set<String>()
        var option = options
        while let keyword = option.pointee.keyword {
            let display = option.pointee.dispchar.map { String(cString: $0) } ?? "*"
            if !display.contains("*") { shown.insert(String(cString: keyword)) }
            option += 1
        }
        return shown.subtracting(secretFiles)
    }()
}
