/// A parsed request head, with what it says about the body and the connection.
struct RequestHead {
    enum Framing: Equatable {
        case none
        case length(Int)
        case chunked
    }

    var method: HTTPMethod
    var target: String
    var path: String
    var pathSegments: [String]
    var query: QueryParameters
    var version: HTTPVersion
    var headers: HTTPHeaders
    var framing: Framing
    var keepAlive: Bool
    var expectsContinue: Bool

    consuming func request(body: [UInt8]) -> HTTPRequest {
        HTTPRequest(method: method, target: target, path: path, pathSegments: pathSegments, query: query,
                    version: version, headers: headers, body: body)
    }
}
