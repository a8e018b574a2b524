/// The GIF's author, when the upstream names one. Every field is optional.
package struct Author: Equatable, Sendable {
    // `Optional<T>`, not `T?`: no copy per init (Item.swift says why).
    package var displayName: Optional<String>
    package var username: Optional<String>
    package var avatarURL: Optional<String>
    package var profileURL: Optional<String>

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
