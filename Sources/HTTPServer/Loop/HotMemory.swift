import CSystemShims

/// Where a connection's state lies in memory: its object and its machine's. Their sizes are the
/// same for every connection (`Sizes`, measured once by a loop).
struct HotMemory {
    var connection: UnsafeRawPointer?
    var machine: UnsafeRawPointer?

    /// How many bytes each of the two objects takes, as allocated.
    struct Sizes {
        let connection: Int
        let machine: Int

        init(of memory: HotMemory) {
            connection = memory.connection.map { malloc_usable_size(UnsafeMutableRawPointer(mutating: $0)) } ?? 0
            machine = memory.machine.map { malloc_usable_size(UnsafeMutableRawPointer(mutating: $0)) } ?? 0
        }
    }

    init() {}

    init(_ socket: SocketConnection) {
        connection = UnsafeRawPointer(Unmanaged.passUnretained(socket).toOpaque())
        machine = UnsafeRawPointer(Unmanaged.passUnretained(socket.machine).toOpaque())
    }
}
