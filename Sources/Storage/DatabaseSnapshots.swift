import DedicatedThread
import Foundation
import Glibc
import SQLite

/// Consistent snapshots of the running server's SQLite file into a folder, newest `keep` kept.
///
/// The server opens its file through `ExclusiveVFS`, which locks every other process out (so
/// `sqlite3 .backup` cannot run beside it): a snapshot is taken from inside, by a connection of
/// its own opened the same way, with SQLite's online backup API (`Database.backup(into:)`). It
/// holds a read transaction on that connection while pages are copied; requests' reads and writes
/// go on on theirs (WAL). Everything here blocks on disk, so it runs on a thread of its own,
/// never on an event loop or the database's threads.
///
/// A snapshot is written under a hidden temporary name in the folder, synced, renamed into place
/// and the folder synced: a half-written file never has a snapshot's name, and one that has it is
/// whole. Names sort by time: `<database name>-20261126T213000.123Z.sqlite3`, in UTC.
///
/// Pruning goes by what this server wrote, in the order it wrote them, not by names: a hidden
/// record in the folder (`.<database name>.snapshots`) lists them, oldest first, and the oldest
/// beyond `keep` are deleted. A file with a snapshot's name that is not in the record (named for
/// 2099 by a clock once ahead, or copied from another host) is neither counted nor deleted, so it
/// can never push out a new snapshot; the one just written is always kept. The folder is 0700
/// and every file in it 0600, whatever the umask (`PrivateFiles`).
package actor DatabaseSnapshots {
    package struct Snapshot: Sendable {
        package let path: String
        package let bytes: Int
        /// The whole snapshot, from opening the connection to the folder's sync.
        package let duration: Duration
        /// How long the copy held its read transaction (the WAL is not checkpointed past it meanwhile).
        package let readTransaction: Duration
        /// Older snapshots deleted to keep `keep`.
        package let pruned: Int
        /// Files with a snapshot's name that this server did not write, left alone.
        package let foreign: Int
    }

    package nonisolated let folder: String
    package nonisolated let keep: Int
    private let databasePath: String
    private let options: Database.Options
    /// The database file's name without its extension, which snapshot names begin with.
    private let stem: String
    private let thread = DedicatedThread(name: "sqlite-backup")

    /// `options`: how the server opens the file (its VFS above all: another would be locked out).
    package init(databasePath: String, options: Database.Options, folder: String, keep: Int) {
        self.databasePath = databasePath
        self.options = options
        self.folder = folder
        self.keep = max(1, keep)
        let name = URL(fileURLWithPath: databasePath).deletingPathExtension().lastPathComponent
        stem = name.isEmpty ? "gif-bff" : name
    }

    package nonisolated var unownedExecutor: UnownedSerialExecutor {
        thread.asUnownedSerialExecutor()
    }

    isolated deinit {
        thread.stop()
    }

    /// Takes one snapshot now (named by `now`), then deletes the oldest this server wrote beyond `keep`.
    package func take(now: Date = Date()) throws(SnapshotFailure) -> Snapshot {
        let clock = ContinuousClock()
        let start = clock.now
        try createFolder()
        removeLeftovers()
        let name = try freeName(at: now)
        let finalPath = folder + "/" + name
        let temporaryPath = folder + "/." + name + Self.partialSuffix
        var readTransaction = Duration.zero
        do {
            // Created 0600 before SQLite opens it, which would create it as the umask says.
            unlink(temporaryPath)
            PrivateFiles.createFile(at: temporaryPath)
            readTransaction = try copy(into: temporaryPath)
            try FileSync.file(at: temporaryPath)
            guard rename(temporaryPath, finalPath) == 0 else { throw SnapshotFailure(call: "rename", path: finalPath) }
            try FileSync.folder(at: folder)
        } catch let error as SQLiteError {
            unlink(temporaryPath)
            throw SnapshotFailure(reason: "\(databasePath): \(error.message)")
        } catch let error as SnapshotFailure {
            unlink(temporaryPath)
            throw error
        } catch {
            unlink(temporaryPath)
            throw SnapshotFailure(reason: String(describing: error))
        }
        let bytes = FileSync.size(of: finalPath)
        let (pruned, foreign) = prune(keeping: name)
        return Snapshot(path: finalPath, bytes: bytes, duration: clock.now - start, readTransaction: readTransaction,
                        pruned: pruned, foreign: foreign)
    }

    /// Copies the database into `path` through a connection of its own, closed on return; how long
    /// the copy's read transaction lasted.
    private func copy(into path: String) throws(SQLiteError) -> Duration {
        var sourceOptions = options
        sourceOptions.queryOnly = true
        let source = try Database(path: databasePath, options: sourceOptions)
        let start = ContinuousClock.now
        try source.backup(into: path)
        return ContinuousClock.now - start
    }

    /// The files with a snapshot's name in the folder, whoever wrote them, by name.
    private nonisolated func snapshotNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter(isSnapshotName).sorted()
    }

    static let partialSuffix = ".partial"

    /// The record of the snapshots this server wrote, oldest first, one name a line.
    private nonisolated var recordPath: String { folder + "/." + stem + ".snapshots" }

    private nonisolated func isSnapshotName(_ name: String) -> Bool {
        guard name.hasPrefix(stem + "-"), name.hasSuffix(".sqlite3") else { return false }
        let time = name.dropFirst(stem.count + 1).dropLast(".sqlite3".count)
        return time.wholeMatch(of: #/\d{8}T\d{6}\.\d{3}Z/#) != nil
    }

    /// Deletes the oldest snapshots this server wrote beyond `keep`, never `newest` (the one just
    /// written); a file that will not go stays in the record, to be tried again next time. How
    /// many went, and how many files with a snapshot's name were not ours (left alone).
    private func prune(keeping newest: String) -> (pruned: Int, foreign: Int) {
        let present = Set(snapshotNames())
        var seen: Set = [newest]
        // The names still there, each once, and the one just written last (whatever its name).
        var written = (readRecord() ?? adopted(present, notAfter: newest)).filter { present.contains($0) && seen.insert($0).inserted }
        written.append(newest)
        var record: [String] = []
        var pruned = 0
        for name in written.dropLast(keep) {
            if unlink(folder + "/" + name) == 0 {
                pruned += 1
            } else if errno != ENOENT {
                record.append(name)
            }
        }
        record += written.suffix(keep)
        // A record that cannot be written leaves the new snapshot out of it: kept, never deleted.
        writeRecord(record)
        return (pruned, present.subtracting(written).count)
    }

    /// The names in the record, oldest written first; nil when there is no record, or none this
    /// server could have written (a FIFO or a huge file in its place is not read: `BoundedFile`).
    private func readRecord() -> [String]? {
        guard let bytes = try? BoundedFile.read(recordPath, maxBytes: Self.maxRecordBytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter(isSnapshotName)
    }

    /// A record lists at most `keep` names of about 40 bytes, and `keep` is at most 10,000.
    package static let maxRecordBytes = 1_048_576

    /// With no record (a folder of an older gif-bff, which kept none, or a record deleted): the
    /// snapshots named no later than the one just written, taken as this server's in name order.
    /// One named later is from a clock that was ahead, or another host: never taken.
    private func adopted(_ present: Set<String>, notAfter newest: String) -> [String] {
        present.filter { $0 < newest }.sorted()
    }

    /// Replaces the record whole (written aside, synced, renamed): never half a list.
    private func writeRecord(_ names: [String]) {
        let temporaryPath = recordPath + Self.partialSuffix
        unlink(temporaryPath)
        PrivateFiles.createFile(at: temporaryPath)
        let text = names.map { $0 + "\n" }.joined()
        guard let handle = FileHandle(forWritingAtPath: temporaryPath) else { return }
        do {
            try handle.write(contentsOf: Data(text.utf8))
            try handle.synchronize()
            try handle.close()
        } catch {
            try? handle.close()
            unlink(temporaryPath)
            return
        }
        if rename(temporaryPath, recordPath) != 0 {
            unlink(temporaryPath)
            return
        }
        try? FileSync.folder(at: folder)
    }

    /// Takes the group's and others' bits off the folder, the snapshots in it (whoever wrote them)
    /// and the record: what was changed, for the log at start-up. Files written from now on are
    /// 0600 from the start.
    package nonisolated func makePrivate() -> [PrivateFiles.Change] {
        ([makeFolderPrivate()] + (snapshotNames().map { folder + "/" + $0 } + [recordPath]).map { PrivateFiles.makePrivate($0) })
            .compactMap { $0 }
    }

    /// The folder made 0700, unless it holds files other than this server's snapshots (a folder
    /// set by mistake, /var/backups say, which other programs use).
    private nonisolated func makeFolderPrivate() -> PrivateFiles.Change? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let onlySnapshots = names.allSatisfy { isSnapshotName($0) || $0.hasPrefix("." + stem) }
        return PrivateFiles.makePrivate(folder, leftBecause: onlySnapshots ? nil : "it holds files other than snapshots: left as it is")
    }

    /// Temporary files of snapshots a crash or a full disk interrupted: never renamed, never wanted.
    private func removeLeftovers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix("." + stem + "-") && name.hasSuffix(Self.partialSuffix) {
            unlink(folder + "/" + name)
        }
        unlink(recordPath + Self.partialSuffix)
    }

    /// The folder, made 0700 if this creates it, and kept so (silently: start-up logs a change).
    private func createFolder() throws(SnapshotFailure) {
        guard PrivateFiles.createFolder(at: folder) else {
            throw SnapshotFailure(reason: "cannot create the folder \(folder)")
        }
        _ = makeFolderPrivate()
    }

    /// The name for `now`, a millisecond later while one of that name exists (two snapshots in
    /// one millisecond, or a clock set back).
    private func freeName(at now: Date) throws(SnapshotFailure) -> String {
        let milliseconds = now.timeIntervalSince1970 * 1000
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds < 253_402_300_800_000 else {
            throw SnapshotFailure(reason: "the clock reads \(now), which names no snapshot")
        }
        var candidate = Int64(milliseconds)
        for _ in 0..<1000 {
            let name = "\(stem)-\(Self.timestamp(milliseconds: candidate)).sqlite3"
            if access(folder + "/" + name, F_OK) != 0 { return name }
            candidate += 1
        }
        throw SnapshotFailure(reason: "no free name in \(folder)")
    }

    /// 20261126T213000.123Z: UTC, fixed width, so names sort as times do (until the year 9999).
    static func timestamp(milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d%02d%02dT%02d%02d%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(milliseconds % 1000))
    }
}

/// Why a snapshot was not taken; the temporary file, if any, is gone.
package struct SnapshotFailure: Error, CustomStringConvertible {
    package let reason: String

    init(reason: String) {
        self.reason = reason
    }

    init(call: String, path: String, errno number: Int32 = errno) {
        reason = "\(call) \(path): \(String(cString: strerror(number)))"
    }

    package var description: String { reason }
}

/// Making a written file last: its data and then its name (the folder) reach the disk.
enum FileSync {
    static func file(at path: String) throws(SnapshotFailure) {
        try sync(path, flags: O_RDONLY)
    }

    static func folder(at path: String) throws(SnapshotFailure) {
        try sync(path, flags: O_RDONLY | O_DIRECTORY)
    }

    static func size(of path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    private static func sync(_ path: String, flags: Int32) throws(SnapshotFailure) {
        let descriptor = open(path, flags | O_CLOEXEC)
        guard descriptor >= 0 else { throw SnapshotFailure(call: "open", path: path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw SnapshotFailure(call: "fsync", path: path) }
    }
}
