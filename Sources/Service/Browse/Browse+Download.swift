import Gateway
import Model
import Primitives
/// Saving an item (seeds 000, 001, 004): its full-size file, after telling the upstream where
/// its terms ask for that (Unsplash's download tracking).
extension Browse {
    /// One of the install's favorites is saved from its snapshot (no fetch, so it works while the
    /// upstream is down); another item is fetched through its provider's gateway (cached like
    /// any). Either is not found when rated above the content ceiling: a favorite's snapshot
    /// too (one saved before the ceiling was lowered), without asking the upstream again. A
    /// failed tracking call is logged and counted, and the file is still given, unless the client
    /// is past its share of the budget: the terms ask for the call, so the file waits for it.
    /// `provider` is the one the id names; its calls are charged to `payer`.
    package func download(id: ItemID, provider: ProviderGateway, install: InstallID?,
                          payer: CallPayer? = nil) async throws(ServiceError) -> Download {
        if blocklist.blocks.blocks(item: id.rawValue) { throw .blocked(id: id.rawValue) }
        return try await errors.translating(upstream: provider.rules.naming) {
            let item: Item
            if let install, let favorite = try await favorites.find(id: id.rawValue, install: install) {
                item = try provider.admitted(favorite.item)
            } else {
                item = try provider.admitted(try await provider.gateway.item(id: id.upstreamID, payer: payer).value().value.value)
            }
            guard let file = item.images[provider.rules.downloadRendition] ?? item.images.values.max(by: { $0.width < $1.width }) else {
                throw ServiceError(.itemNotFound, "The item \(id.rawValue) has no file to save.")
            }
            do {
                try await provider.gateway.trackDownload(of: item, payer: payer)
            } catch let spent as UpstreamShareSpent {
                throw spent
            } catch {
                // Counted and logged by the gateway; the answer does not depend on it.
            }
            return Download(id: id.rawValue, url: file.url, width: file.width, height: file.height)
        }
    }
}

/// What an app saves: the item's full-size file.
package struct Download: Sendable, Equatable {
    package let id: String
    package let url: String
    package let width: Int
    package let height: Int

    package init(id: String, url: String, width: Int, height: Int) {
        self.id = id
        self.url = url
        self.width = width
        self.height = height
    }
}
