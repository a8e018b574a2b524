/// A theme of a demo catalog: what its items show, and the words they are found by. Each yields
/// subjects × details distinct items: "Grumpy Cat" and "Stares At You" for a GIF's title, "a tabby
/// cat" and "in the sun" for a photo's alt description.
package struct CatalogTopic: Sendable {
    package var name: String
    package var tags: [String]
    package var subjects: [String]
    /// What a subject does (a GIF's action) or where it is (a photo's scene).
    package var details: [String]

    package init(name: String, tags: [String], subjects: [String], details: [String]) {
        self.name = name
        self.tags = tags
        self.subjects = subjects
        self.details = details
    }
}
