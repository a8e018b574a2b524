/// GIPHY's renditions-on-demand bundles: `bundle=messaging_non_clips` answers only the
/// renditions a messaging app's grid and detail draw. The catalog keeps this set (our reading of
/// GIPHY's documentation): every `fixed_*` GIF and still, `original`, `original_still`,
/// `preview_gif`. An unknown bundle is ignored, as GIPHY ignores unknown parameters.
package enum RenditionBundle {
    package static let messagingNonClipsName = "messaging_non_clips"
    package static let messagingNonClips: Set<String> = [
        "fixed_width", "fixed_width_still", "fixed_width_small", "fixed_width_small_still", "fixed_width_downsampled",
        "fixed_height", "fixed_height_still", "fixed_height_small", "fixed_height_small_still", "fixed_height_downsampled",
        "original", "original_still", "preview_gif",
    ]

    package static func trim(_ gif: CatalogGIF, to bundle: String?) -> CatalogGIF {
        guard bundle == messagingNonClipsName else { return gif }
        var trimmed = gif
        trimmed.renditions.removeAll { !messagingNonClips.contains($0.name) }
        return trimmed
    }
}
