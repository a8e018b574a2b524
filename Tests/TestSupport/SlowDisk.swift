import CSlowDisk
import SQLite
import XCTest

/// A slow disk inside the test process: a VFS over the server's own (`ExclusiveVFS`) that sleeps
/// before every write to a database or WAL file (Tests/CSlowDisk), never before a read.
package enum SlowDisk {
    package static let vfsName = "slow-disk"

    /// The server's database options, through the slow disk. Registers it on first use.
    package static var databaseOptions: Database.Options {
        _ = registered
        var options = Database.Options()
        options.vfs = vfsName
        return options
    }

    private static let registered: Int32 = slow_disk_register(vfsName, ExclusiveVFS.name)

    /// Database and WAL writes made through the slow disk since the process started.
    package static var writeCount: Int { slow_disk_write_count() }

    static func setWriteDelay(_ delay: Duration) {
        let (seconds, attoseconds) = delay.components
        slow_disk_set_write_delay(Int32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }
}

extension XCTestCase {
    /// Makes every write through `SlowDisk` take `delay` until this test ends.
    package func slowDownDisk(to delay: Duration) {
        SlowDisk.setWriteDelay(delay)
        addTeardownBlock { SlowDisk.setWriteDelay(.zero) }
    }
}
