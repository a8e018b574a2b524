import Glibc

/// The process's limit on open descriptors (RLIMIT_NOFILE), which bounds how many connections fit.
enum DescriptorLimit {
    /// Descriptors kept for everything but client connections: the database, upstream sockets,
    /// log files, the listening socket and each loop's epoll, eventfd and spare descriptor.
    static let reserved = 64

    /// Many connections need many descriptors: take the hard limit the process is allowed.
    static func raiseToHardLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// The current soft limit, if it can be read and is finite.
    static var current: Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// The most connections that fit: `configured`, lowered to what the descriptor limit leaves
    /// after `reserved` (at least one).
    static func connectionLimit(configured: Int, descriptorLimit: Int?) -> Int {
        guard let descriptorLimit else { return configured }
        return min(configured, max(1, descriptorLimit - reserved))
    }
}
