/// The two 401s of installs, told apart: an app answers each differently (docs/installs.md).
extension GifBFFProblem {
    /// The server keeps favorites per install (`GIF_BFF_INSTALLS=required`) and no token was
    /// sent: register an install, keep its token, try again.
    public var isInstallTokenRequired: Bool { status == 401 && code == KnownCode.installTokenRequired.rawValue }

    /// The token sent opens no install (deleted, or the server's database replaced): forget it
    /// and register a new install.
    public var isInstallTokenInvalid: Bool { status == 401 && code == KnownCode.installTokenInvalid.rawValue }
}
