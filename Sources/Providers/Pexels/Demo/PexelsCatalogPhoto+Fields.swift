import ASCII
import Model
import PexelsCatalog
import PexelsClient

extension PexelsCatalogPhoto {
    /// The photo as Pexels' object says it once read (`PexelsMapping` reads the same fields from
    /// JSON): its links as `catalog` writes them, blank text none.
    func fields(in catalog: PexelsCatalog) -> PexelsPhotoFields {
        PexelsPhotoFields(
            id: String(id), width: width, height: height,
            sources: Dictionary(catalog.sources(of: self).map { ($0.name, $0.url) }, uniquingKeysWith: { first, _ in first }),
            page: pageURL, photographer: WhiteSpace.trimmed(photographer.name), photographerURL: photographer.profileURL,
            averageColor: WhiteSpace.trimmed(averageColor), alt: WhiteSpace.trimmed(alt))
    }
}
