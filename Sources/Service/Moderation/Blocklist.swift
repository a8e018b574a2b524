import Synchronization

/// What the operator blocked, as every answer reads it: item ids and search terms, with a version
/// that goes up with each change, so a page or list written before a change is never reused after
/// it (the version is part of a kept body's key). Read on every answer: one lock taken to read
/// one reference, the sets themselves never copied.
package final class Blocklist: Sendable {
    /// One state of the blocks, never changed once made (a change makes a new one).
    package final class Blocks: Sendable {
        package let version: UInt64
        package let items: Set<String>
        /// Each term as its words, lowercased: matched as whole words in a search's.
        let terms: [[Substring]]

        init(version: UInt64, items: Set<String>, terms: [String]) {
            self.version = version
            self.items = items
            self.terms = terms.map(SearchWordsOfText.words(of:)).filter { !$0.isEmpty }
        }

        /// No block, for what is asked with no blocklist.
        static let none = Blocks(version: 0, items: [], terms: [])

        package var isEmpty: Bool { items.isEmpty && terms.isEmpty }

        package func blocks(item id: String) -> Bool { !items.isEmpty && items.contains(id) }

        /// Whether `text` holds a blocked term as whole words, in any letter case ("Cats" blocks
        /// "funny cats!" and "CATS", not "catsup").
        package func blocks(text: String) -> Bool {
            guard !terms.isEmpty else { return false }
            let words = SearchWordsOfText.words(of: text)
            return terms.contains { term in SearchWordsOfText.contains(words, run: term) }
        }
    }

    private let current = Mutex(Blocks.none)

    package init() {}

    /// The blocks now.
    package var blocks: Blocks { current.withLock { $0 } }

    /// Replaces every block at once (after a change, or a reload from the store).
    func replace(items: Set<String>, terms: [String]) {
        current.withLock { $0 = Blocks(version: $0.version &+ 1, items: items, terms: terms) }
    }
}

/// A text's words for matching blocked terms: lowercased, cut at every character that is not a
/// letter or a digit.
enum SearchWordsOfText {
    static func words(of text: String) -> [Substring] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }
    }

    /// Whether `run` appears in `words` as consecutive words.
    static func contains(_ words: [Substring], run: [Substring]) -> Bool {
        guard !run.isEmpty, words.count >= run.count else { return false }
        for start in 0...(words.count - run.count) where words[start..<(start + run.count)].elementsEqual(run) { return true }
        return false
    }
}
