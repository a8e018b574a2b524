import CSystemShims

/// Where a connection's state lies in memory: its object and its machine's.
struct HotMemory {
    var connection: UnsafeRawPointer?
    var connectionBytes = 0
    var machine: UnsafeRawPointer?
    var machineBytes = 0

    init() {}

    init(_ socket: SocketConnection) {
        connection = UnsafeRawPointer(Unmanaged.passUnretained(socket).toOpaque())
        machine = UnsafeRawPointer(Unmanaged.passUnretained(socket.machine).toOpaque())
        connectionBytes = connection.map { malloc_usable_size(UnsafeMutableRawPointer(mutating: $0)) } ?? 0
        machineBytes = machine.map { malloc_usable_size(UnsafeMutableRawPointer(mutating: $0)) } ?? 0
    }
}
