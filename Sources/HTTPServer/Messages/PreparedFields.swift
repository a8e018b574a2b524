/// Header fields that many responses send alike (a kept body's Content-Type, ETag and
/// Content-Encoding), checked and written as wire bytes once, when the body is kept: a response
/// that starts from them copies those bytes into its head instead of writing each field.
/// Lookups still see them as fields (`HTTPHeaders`).
package final class PreparedFields: Sendable {
    let fields: [HTTPHeaders.Field]
    /// "\r\nName: value" for each field the head may carry (`HeaderFieldRule.isWritable`); a
    /// field that may not is left out here as `ResponseHead` leaves it out of any head.
    let wireBytes: [UInt8]

    package init(_ fields: [HTTPHeaders.Field]) {
        self.fields = fields
        var bytes: [UInt8] = []
        for field in fields where HeaderFieldRule.isWritable(field) {
            bytes.append(contentsOf: "\r\n".utf8)
            bytes.append(contentsOf: field.name.utf8)
            bytes.append(contentsOf: ": ".utf8)
            bytes.append(contentsOf: field.value.utf8)
        }
        wireBytes = bytes
    }
}
