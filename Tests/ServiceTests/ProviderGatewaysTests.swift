@testable import Service
import Model
import TestSupport
import XCTest

/// The providers a backend serves: found by name and by an item id's prefix, listed in name order,
/// and refused when two share a name or the default is not among them.
final class ProviderGatewaysTests: XCTestCase {
    private let unsplash = ProviderName("unsplash")!

    func testProvidersAreFoundByNameAndByAnItemsPrefix() throws {
        let providers = makeTwoProviderBackend(gifs: ScriptedProvider(), photos: ScriptedProvider()).providers
        XCTAssertEqual(providers.names, [.giphy, unsplash])
        XCTAssertEqual(providers[unsplash]?.name, unsplash)
        XCTAssertEqual(providers.provider(nil)?.name, .giphy, "no name: the default")
        XCTAssertNil(providers[ProviderName("nobody")!])
        XCTAssertEqual(try providers.provider(of: XCTUnwrap(ItemID("unsplash:abc"))).name, unsplash)
        XCTAssertEqual(try providers.provider(of: XCTUnwrap(ItemID("abc"))).name, .giphy)
        XCTAssertThrowsError(try providers.provider(of: XCTUnwrap(ItemID("nobody:abc"))))
    }

    func testTwoOfOneNameOrAMissingDefaultAreRefused() {
        let all = makeTwoProviderBackend(gifs: ScriptedProvider(), photos: ScriptedProvider()).providers.all
        XCTAssertNil(ProviderGateways(all + all, defaultName: .giphy))
        XCTAssertNil(ProviderGateways(all, defaultName: ProviderName("nobody")!))
        XCTAssertEqual(ProviderGateways(all.reversed(), defaultName: .giphy)?.names, [.giphy, unsplash])
    }

    func testGIFFeaturesComeFromAProviderThatServesGIFs() {
        let photosFirst = makeTwoProviderBackend(gifs: ScriptedProvider(), photos: ScriptedProvider(),
                                                 defaultProvider: unsplash).providers
        XCTAssertEqual(photosFirst.defaultName, unsplash)
        XCTAssertEqual(photosFirst.gifsProvider.name, .giphy)
    }
}
