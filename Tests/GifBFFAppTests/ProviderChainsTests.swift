@testable import GifBFFApp
import Foundation
import Model
import XCTest

/// Each kind's chain as GIF_BFF_GIF_PROVIDERS and GIF_BFF_PHOTO_PROVIDERS name it, or by default
/// the providers with a key; a demo catalog is never a fallback for a provider with a key; a
/// chain naming a provider not served, or of the other kind, stops start-up naming the setting.
final class ProviderChainsTests: XCTestCase {
    private let klipy = ProviderName("klipy")!
    private let pexels = ProviderName("pexels")!
    private let unsplash = ProviderName("unsplash")!

    private func candidates(keyed: Set<String>) -> [ProviderChains.Candidate] {
        [(ProviderName.giphy, ItemKind.gifs), (klipy, .gifs), (unsplash, .photos), (pexels, .photos)].map { name, kind in
            ProviderChains.Candidate(name: name, kind: kind, isDemo: !keyed.contains(name.rawValue))
        }
    }

    private func chains(keyed: Set<String>, _ arguments: [String] = []) throws -> ProviderChains {
        let (configuration, _) = try ConfigurationLoader.load(arguments: arguments, environment: [:])
        return try ProviderChains(configuration, sources: candidates(keyed: keyed))
    }

    func testAutoChainsAreTheProvidersWithAKeyElseTheFirstsDemo() throws {
        XCTAssertEqual(try chains(keyed: []).chains, [.gifs: [.giphy], .photos: [unsplash]])
        XCTAssertEqual(try chains(keyed: ["giphy", "klipy"]).chains[.gifs], [.giphy, klipy])
        XCTAssertEqual(try chains(keyed: ["klipy"]).chains[.gifs], [klipy], "GIPHY's demo is never a fallback for KLIPY")
        XCTAssertEqual(try chains(keyed: ["pexels"]).chains[.photos], [pexels])
        XCTAssertEqual(try chains(keyed: ["unsplash", "pexels"]).chains[.photos], [unsplash, pexels])
    }

    func testTheDefaultProviderPicksTheDefaultKindAndLeadsAnAutoChain() throws {
        let photoApp = try chains(keyed: ["unsplash", "pexels"], ["--default-provider=pexels"])
        XCTAssertEqual(photoApp.defaultKind, .photos)
        XCTAssertEqual(photoApp.chains[.photos], [pexels, unsplash])
        let set = try chains(keyed: ["unsplash", "pexels"], ["--default-provider=pexels", "--photo-providers=unsplash,pexels"])
        XCTAssertEqual(set.chains[.photos], [unsplash, pexels], "a chain that is set keeps its order")
        XCTAssertEqual(try chains(keyed: ["giphy", "klipy"], ["--default-provider=klipy"]).chains[.gifs], [klipy, .giphy])
    }

    func testAChainThatIsSetKeepsItsOrderAndLeavesOutDemosBesideKeys() throws {
        let set = try chains(keyed: ["klipy"], ["--gif-providers=klipy,giphy"])
        XCTAssertEqual(set.chains[.gifs], [klipy])
        XCTAssertEqual(set.leftOut, [.giphy])
        let demos = try chains(keyed: [], ["--gif-providers=klipy,giphy"])
        XCTAssertEqual(demos.chains[.gifs], [klipy, .giphy], "all demos: as named")
        XCTAssertEqual(demos.leftOut, [])
    }

    func testAChainNamingWhatIsNotServedOrOfTheOtherKindIsRefusedNamingTheSetting() {
        let bad: [([String], String)] = [
            (["--gif-providers=giphy,tenor"], "GIF_BFF_GIF_PROVIDERS"), (["--gif-providers=unsplash"], "GIF_BFF_GIF_PROVIDERS"),
            (["--photo-providers=giphy"], "GIF_BFF_PHOTO_PROVIDERS"), (["--default-provider=tenor"], "GIF_BFF_DEFAULT_PROVIDER"),
        ]
        for (arguments, setting) in bad {
            XCTAssertThrowsError(try chains(keyed: [], arguments), "\(arguments)") { error in
                XCTAssertTrue(String(describing: error).contains(setting), "\(arguments): \(error)")
            }
        }
    }
}
