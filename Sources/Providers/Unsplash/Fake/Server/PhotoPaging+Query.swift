import Foundation
import HTTPServer
import UnsplashCatalog

extension PhotoPaging {
    /// `page` and `per_page` from a query (1 and 10 when absent); nil for Unsplash's 400.
    init?(_ query: QueryParameters) {
        guard let page = Int(query["page"] ?? "1"), let perPage = Int(query["per_page"] ?? "\(Self.defaultPerPage)") else {
            return nil
        }
        self.init(page: page, perPage: perPage)
    }

    /// `Link` as Unsplash writes it: first, prev, last and next, those that exist.
    func linkHeader(base: String, query: QueryParameters, total: Int) -> String {
        let last = max(1, (total + perPage - 1) / perPage)
        let others = query.filter { $0.name != "page" }
        func url(_ page: Int) -> String {
            let items = others.map { "\(Self.escape($0.name))=\(Self.escape($0.value))" } + ["page=\(page)"]
            return "<\(base)?\(items.joined(separator: "&"))>"
        }
        var links: [String] = []
        if page > 1 { links += ["\(url(1)); rel=\"first\"", "\(url(min(page - 1, last))); rel=\"prev\""] }
        if page < last { links += ["\(url(last)); rel=\"last\"", "\(url(page + 1)); rel=\"next\""] }
        return links.joined(separator: ", ")
    }

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
}
