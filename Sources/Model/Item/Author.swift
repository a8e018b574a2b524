/// The GIF's author, when the upstream names one. Every field is optional.
package struct Author: Equatable, Sendable {
    package var displayName: String?
    package var username: String?
    package var avatarURL: String?
    package var profileURL: String?

    package init(displayName: String? = nil, username: String? = nil, avatarURL: String? = nil, profileURL: String? = nil) {
        self.displayName = displayName
        self.username = username
        self.avatarURL = avatarURL
        self.profileURL = profileURL
    }

    /// False when no field has a value: such a user is left out of the JSON entirely.
    package var hasValue: Bool {
        // Field by field: an array of the four made one per item written.
        !(displayName ?? "").isEmpty || !(username ?? "").isEmpty || !(avatarURL ?? "").isEmpty || !(profileURL ?? "").isEmpty
    }
}
