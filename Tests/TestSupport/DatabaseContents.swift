import SQLite

extension Database {
    /// Everything the file holds, as text: the version, the schema and every row of every table
    /// in rowid order (a WITHOUT ROWID table's in its key's), for "exactly as it was" comparisons.
    package func contentsAsText() throws -> String {
        var text = "user_version \(try userVersion())\n"
        let tables = try query("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
        for schema in try query("SELECT type, name, sql FROM sqlite_master ORDER BY type, name") {
            text += "\(try schema.text(at: 0)) \(try schema.text(at: 1)): \((try? schema.text(at: 2)) ?? "")\n"
        }
        for table in tables {
            let name = try table.text(at: 0)
            let columns = try query("SELECT name FROM pragma_table_info(?)", [.text(name)]).map { "quote(\"\(try $0.text(at: 0))\")" }
            var order = "rowid"
            if (try? table.text(at: 1))?.hasSuffix("WITHOUT ROWID") == true {
                order = try query("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [.text(name)])
                    .map { "\"\(try $0.text(at: 0))\"" }.joined(separator: ", ")
            }
            for row in try query("SELECT \(columns.joined(separator: " || ',' || ")) FROM \"\(name)\" ORDER BY \(order)") {
                text += "\(name): \(try row.text(at: 0))\n"
            }
        }
        return text
    }
}
