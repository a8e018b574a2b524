@testable import Service
import Model
import TestSupport
import XCTest

/// The providers a backend serves: found by name and by an item id's prefix, listed in name order,
/// each kind's chain, and refused when two share a name or a chain names one not served or of another kind.
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

    func testTwoOfOneNameAndChainsNamingWhatIsNotServedOrOfAnotherKindAreRefused() {
        let all = makeTwoProviderBackend(gifs: ScriptedProvider(), photos: ScriptedProvider()).providers.all
        let nobody = ProviderName("nobody")!
        XCTAssertThrowsError(try ProviderGateways(all + all)) { XCTAssertEqual($0 as? ProviderChainError, .servedTwice(.giphy)) }
        XCTAssertThrowsError(try ProviderGateways(all, chains: [.gifs: [nobody]])) { XCTAssertEqual($0 as? ProviderChainError, .notServed(nobody, .gifs)) }
        XCTAssertThrowsError(try ProviderGateways(all, chains: [.gifs: [unsplash]])) { XCTAssertEqual($0 as? ProviderChainError, .wrongKind(unsplash, .gifs)) }
        XCTAssertThrowsError(try ProviderGateways(all, chains: [.gifs: [.giphy, .giphy]])) { XCTAssertEqual($0 as? ProviderChainError, .namedTwice(.giphy, .gifs)) }
        XCTAssertThrowsError(try ProviderGateways(all.filter { $0.name == .giphy }, defaultKind: .photos)) {
            XCTAssertEqual($0 as? ProviderChainError, .noProviders(.photos))
        }
        XCTAssertEqual(try ProviderGateways(all.reversed()).names, [.giphy, unsplash])
    }

    func testEachKindHasItsChainAndTheDefaultKindsIsTheDefault() throws {
        let all = makeTwoProviderBackend(gifs: ScriptedProvider(), photos: ScriptedProvider()).providers.all
        let providers = try ProviderGateways(all, defaultKind: .photos)
        XCTAssertEqual(providers.chain(.gifs)?.names, [.giphy])
        XCTAssertEqual(providers.chain(.photos)?.names, [unsplash])
        XCTAssertEqual(providers.defaultChain.names, [unsplash])
        XCTAssertTrue(providers.defaultChain.fallbacks.isEmpty)
    }

    func testGIFFeaturesComeFromAProviderThatServesGIFs() {
        let photosFirst = makeTwoProviderBackend(gifs: ScriptedProvider(), photos: ScriptedProvider(),
                                                 defaultProvider: unsplash).providers
        XCTAssertEqual(photosFirst.defaultName, unsplash)
        XCTAssertEqual(photosFirst.gifsProvider.name, .giphy)
    }
}
