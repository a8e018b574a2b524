/// A GIF's author as GIPHY describes one.
package struct CatalogUser: Sendable, Equatable {
    package var username: String
    package var displayName: String
    package var description: String
    package var isVerified: Bool
    /// Where the avatar is when not at GIPHY's media host (the demo's own pictures).
    var avatarOverride: String?

    package var avatarURL: String { avatarOverride ?? "https://media.giphy.com/avatars/\(username)/profile.gif" }
    package var bannerURL: String { "https://media.giphy.com/channel_assets/\(username)/banner.jpg" }
    package var profileURL: String { "https://giphy.com/\(username)/" }

    /// The catalog's channels: studios, artists, and a few personal accounts.
    init(username: String, displayName: String, description: String, isVerified: Bool) {
        self.username = username
        self.displayName = displayName
        self.description = description
        self.isVerified = isVerified
    }

    static let pool: [CatalogUser] = [
        CatalogUser(username: "pixelpals", displayName: "Pixel Pals", description: "Tiny animations for big feelings.", isVerified: true),
        CatalogUser(username: "studiosoup", displayName: "Studio Soup", description: "Hand-drawn loops, served warm.", isVerified: true),
        CatalogUser(username: "thegifhouse", displayName: "The GIF House", description: "Reactions for every occasion.", isVerified: true),
        CatalogUser(username: "loopkitchen", displayName: "Loop Kitchen", description: "Food that never stops moving.", isVerified: false),
        CatalogUser(username: "mo_animates", displayName: "Mo Animates", description: "Freelance animator.", isVerified: false),
        CatalogUser(username: "happytails", displayName: "Happy Tails Rescue", description: "Adopt, don't shop.", isVerified: true),
        CatalogUser(username: "nightowlstudio", displayName: "Night Owl Studio", description: "", isVerified: false),
        CatalogUser(username: "sportscentral", displayName: "Sports Central", description: "Highlights on repeat.", isVerified: true),
        CatalogUser(username: "jennydraws", displayName: "Jenny Draws", description: "Doodles and daydreams.", isVerified: false),
        CatalogUser(username: "retroreel", displayName: "Retro Reel", description: "Old clips, new loops.", isVerified: false),
        CatalogUser(username: "cozyclub", displayName: "Cozy Club", description: "Blankets, tea and naps.", isVerified: false),
        CatalogUser(username: "wildlifewow", displayName: "Wildlife Wow", description: "Nature, looped.", isVerified: true),
    ]
}
