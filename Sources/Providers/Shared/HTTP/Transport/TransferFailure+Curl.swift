import CCurl

extension TransferFailure {
    /// The failure for a libcurl result other than CURLE_OK; `answered` when a response head had
    /// arrived before it.
    init(curlCode code: CURLcode, answered: Bool) {
        let number = Int(code.rawValue)
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            self = .timedOut
        case CURLE_COULDNT_CONNECT:
            self = .connectionRefused
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            self = .hostNotResolved
        case CURLE_GOT_NOTHING:
            self = .closedWithoutAnswer
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            self = answered ? .brokeOffAfterHead(curlCode: number) : .connectionLost
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM,
             CURLE_UNSUPPORTED_PROTOCOL:
            self = .unreadableAnswer(curlCode: number)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED:
            self = .noSecureConnection(curlCode: number)
        default:
            self = .failed(curlCode: number)
        }
    }
}
