/// An error that knows how it is answered. A handler may throw one; the server answers with its
/// response. Anything else thrown is answered 500 (problem `internal`) and logged.
package protocol HTTPResponseError: Error, Sendable {
    /// The response this error is answered with; its problem `type` starts with `problemTypePrefix`.
    func response(problemTypePrefix: String) -> HTTPResponse
}
