import Model
/// Whether a request must present an install token (`GIF_BFF_INSTALLS`).
package enum InstallPolicy: String, Sendable, CaseIterable {
    /// A request without a token acts for the local install (one laptop, one list: the default).
    case optional
    /// The routes that keep something per install refuse a request without a token; the shared
    /// ones (search, trending, items, spotlight) answer it for no install.
    case required
}
