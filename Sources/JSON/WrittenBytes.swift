/// What a `JSONWriter` has written, in memory it alone owns: an append is a capacity check and a
/// store. Into an Array, each append first checked that the array's buffer was not shared (a
/// call), some ten thousand times for a page of GIFs (issue 46 item 7). Not copyable, so nothing
/// else can hold the memory; it is freed with the writer. Or, until it outgrows it, in an array's
/// uninitialized storage lent for the writing (`init(lentTo:)`): the answer is then that array,
/// where copying the bytes out (`array`) was a malloc and a memcpy of the whole answer.
struct WrittenBytes: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    /// Whether `start` is this value's to free (false while it is the lent storage).
    private var ownsMemory: Bool

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        start = .allocate(capacity: self.capacity)
        ownsMemory = true
    }

    /// Writes into `storage` until it is full, then into memory of its own (`isInLentStorage` says which).
    init(lentTo storage: UnsafeMutableBufferPointer<UInt8>) {
        if let base = storage.baseAddress, storage.count > 0 {
            (start, capacity, ownsMemory) = (base, storage.count, false)
        } else {
            (start, capacity, ownsMemory) = (.allocate(capacity: 64), 64, true)
        }
    }

    /// Whether every byte written is still in the storage given to `init(lentTo:)`, from its start.
    var isInLentStorage: Bool { !ownsMemory }

    deinit { if ownsMemory { start.deallocate() } }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        start[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        if bytes.count > capacity - count { grow(toHold: count + bytes.count) }
        UnsafeMutableRawPointer(start + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Swaps two of the bytes written.
    mutating func swapAt(_ first: Int, _ second: Int) {
        precondition(first >= 0 && second >= 0 && first < count && second < count, "WrittenBytes: swapping past the bytes written")
        let byte = start[first]
        start[first] = start[second]
        start[second] = byte
    }

    /// Twice the room, or room for `needed` if that is more: grown by doubling, appends stay
    /// linear in all.
    @inline(never)
    private mutating func grow(toHold needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: start, count: count)
        if ownsMemory { start.deallocate() }
        start = moved
        capacity = larger
        ownsMemory = true
    }

    /// The bytes written, as an array of their own.
    var array: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            base.initialize(from: start, count: count)
            initialized = count
        }
    }
}
