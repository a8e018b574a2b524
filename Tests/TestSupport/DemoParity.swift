import Model
import XCTest

/// The host the fakes write demo media links under here, as the in-process fakes did before the
/// demo providers: a link under it, less the host, is the demo's `/media/...` path.
package let mediaOrigin = "http://demo-media.invalid"

/// What a provider call gave: its value, or the `UpstreamError` it threw.
package enum Outcome<Value: Equatable>: Equatable {
    case value(Value)
    case failure(UpstreamError)
}

/// Runs `call`; an error other than `UpstreamError` fails the test.
package func outcome<Value: Equatable>(_ call: () async throws -> Value, file: StaticString = #filePath,
                               line: UInt = #line) async -> Outcome<Value>? {
    do {
        return .value(try await call())
    } catch let error as UpstreamError {
        return .failure(error)
    } catch {
        XCTFail("not an UpstreamError: \(error)", file: file, line: line)
        return nil
    }
}

/// The item as the demo serves it, from one the client read off a fake whose media links are
/// under `mediaOrigin`: those links as this server's paths. Upstream links are left out: they
/// name where the fake listens (`analytics`, `download_location`); the tests check the demo's apart.
package func servedByDemo(_ item: Item) -> Item {
    var item = item
    func local(_ link: String) -> String {
        link.hasPrefix(mediaOrigin + "/media/") ? String(link.dropFirst(mediaOrigin.count)) : link
    }
    item.images = item.images.mapValues { rendition in
        var rendition = rendition
        rendition.url = local(rendition.url)
        rendition.mp4 = rendition.mp4.map(local)
        rendition.webp = rendition.webp.map(local)
        return rendition
    }
    if let avatar = item.user?.avatarURL { item.user?.avatarURL = local(avatar) }
    item.upstreamLinks = nil
    return item
}

package func withoutUpstreamLinks(_ item: Item) -> Item {
    var item = item
    item.upstreamLinks = nil
    return item
}

extension Outcome where Value == UpstreamPage {
    package func mapItems(_ transform: (Item) -> Item) -> Outcome {
        guard case .value(let page) = self else { return self }
        return .value(UpstreamPage(items: page.items.map(transform), totalCount: page.totalCount, count: page.count,
                                   offset: page.offset))
    }
}

extension Outcome where Value == Item {
    package func map(_ transform: (Item) -> Item) -> Outcome {
        guard case .value(let item) = self else { return self }
        return .value(transform(item))
    }
}

/// Every link an item gives a client: renditions' urls and the avatar.
package func mediaLinks(of item: Item) -> [String] {
    item.images.values.flatMap { [$0.url] + [$0.mp4, $0.webp].compactMap { $0 } } + [item.user?.avatarURL].compactMap { $0 }
}
