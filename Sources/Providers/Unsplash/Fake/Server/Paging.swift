import Foundation
import HTTPServer

/// `page` (from 1) and `per_page` (1-30, default 10) as Unsplash reads them.
struct Paging {
    var page: Int
    var perPage: Int

    init?(_ query: QueryParameters) {
        guard let page = Int(query["page"] ?? "1"), let perPage = Int(query["per_page"] ?? "\(FakeUnsplashAPI.defaultPerPage)"),
              page >= 1, perPage >= 1 else { return nil }
        self.page = page
        self.perPage = min(perPage, FakeUnsplashAPI.maxPerPage)
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

    /// Empty past the end.
    func slice<T>(of list: [T]) -> [T] {
        let start = (page - 1) * perPage
        guard start < list.count else { return [] }
        return Array(list[start..<min(list.count, start + perPage)])
    }
}
