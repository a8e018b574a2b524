import Foundation
import JSON
import Model
import Service
import Wire

/// An import document read strictly (`PortableDataJSON` writes it): `format` must be ours and
/// `version` one this server reads; `favorites` and `search_history` may be absent (none), each
/// entry whole (an item our reader reads, with an id a client could send; a date in ISO 8601),
/// at most `Portability.maxEntries` of each. Anything else refuses the whole document.
enum PortableDataReading {
    static func read(_ object: JSONObject) throws(ServiceError) -> PortableData {
        do throws(JSONShapeError) {
            guard try object.string("format") == PortableData.format else {
                throw JSONShapeError("\"format\" is not \"\(PortableData.format)\".")
            }
            let version = try object.int("version", in: 1...Int.max)
            guard version == PortableData.version else {
                throw JSONShapeError("its version \(version) is not one this server reads (\(PortableData.version)).")
            }
            // A member sent as null is refused, not read as absent: an export writes none.
            for key: StaticString in ["favorites", "search_history", "exported_at"] where object.value[key]?.isNull == true {
                throw JSONShapeError("\(key) is null; leave it out for none.")
            }
            let favorites = try entries("favorites", of: object).map(favorite)
            let history = try entries("search_history", of: object).map(historyEntry)
            return PortableData(favorites: favorites, history: history, exportedAt: try date("exported_at", of: object, required: false))
        } catch {
            throw .importInvalid(error.reason.hasSuffix(".") ? error.reason : error.reason + ".")
        }
    }

    private static func entries(_ key: StaticString, of object: JSONObject) throws(JSONShapeError) -> [JSONValue] {
        guard object.optional(key) != nil else { return [] }
        let values = try object.array(key)
        guard values.count <= Portability.maxEntries else {
            throw JSONShapeError("\(key) holds \(values.count) entries, more than \(Portability.maxEntries).")
        }
        return values
    }

    private static func favorite(_ value: JSONValue) throws(JSONShapeError) -> Favorite {
        let object = try JSONObject(value)
        guard let member = object.optional("item") else { throw JSONShapeError("a favorite has no item.") }
        let item: Item
        do throws(JSONShapeError) {
            item = try Item(json: member)
        } catch {
            throw JSONShapeError("a favorite's item is unreadable (\(error.reason)).")
        }
        guard ItemID(item.id) != nil else { throw JSONShapeError("a favorite's item has an id no client could send.") }
        guard let addedAt = try date("added_at", of: object, required: true) else { throw JSONShapeError("added_at is missing.") }
        return Favorite(item: item, addedAt: addedAt)
    }

    private static func historyEntry(_ value: JSONValue) throws(JSONShapeError) -> SearchHistoryEntry {
        let object = try JSONObject(value)
        let query = try object.string("query")
        guard query.unicodeScalars.count <= SearchWords.maxLength else {
            throw JSONShapeError("a query is longer than \(SearchWords.maxLength) characters.")
        }
        guard let searchedAt = try date("searched_at", of: object, required: true) else { throw JSONShapeError("searched_at is missing.") }
        return SearchHistoryEntry(query: query, searchedAt: searchedAt)
    }

    private static func date(_ key: StaticString, of object: JSONObject, required: Bool) throws(JSONShapeError) -> Date? {
        guard let text = required ? try object.string(key) : try object.optionalString(key) else { return nil }
        guard let date = ISO8601.date(from: text) else { throw JSONShapeError("\(key) is not an ISO 8601 time.") }
        return date
    }
}
