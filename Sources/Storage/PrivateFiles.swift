import Foundation
import Glibc

/// Files and folders that only the server's user may read: 0600 files, 0700 folders, as
/// PostgreSQL keeps its data folder. The database and its snapshots hold every install's favorites
/// and searches. Modes are set with fchmod/chmod after creation, so the umask cannot widen them
/// (nor narrow them into files the server itself cannot write).
package enum PrivateFiles {
    package static let fileMode: mode_t = 0o600
    package static let folderMode: mode_t = 0o700
    /// The bits that let the group or others read, write or enter.
    static let othersBits: mode_t = 0o077

    /// A file or folder found readable by others and made private (`failure` nil), or that could not be.
    package struct Change: Sendable, Equatable {
        package let path: String
        /// Its permission bits before, e.g. 0o644.
        package let before: mode_t
        /// Its permission bits now.
        package let after: mode_t
        /// Why it is still readable by others (chmod refused), else nil.
        package let failure: String?
    }

    /// Creates an empty file of mode 0600 at `path` when nothing is there: SQLite then opens it as
    /// a new database (and gives its -wal and -journal the same mode). Something already there is
    /// left alone; a failure is left for the opening that follows to report.
    package static func createFile(at path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else { return }
        fchmod(descriptor, fileMode)
        close(descriptor)
    }

    /// Creates the folder with mode 0700 (missing parents as the umask says: they may be shared)
    /// unless it exists; false when it still does not.
    package static func createFolder(at path: String) -> Bool {
        if isFolder(path) { return true }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !isFolder(parent) {
            try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
        if mkdir(path, folderMode) == 0 {
            chmod(path, folderMode)
        }
        return isFolder(path)
    }

    /// Takes the group's and others' bits off what is at `path`; nil when it is missing or had none.
    /// A folder with the sticky bit (/tmp, say) is shared on purpose and left as it is, and so is
    /// what another user owns (chmod would be refused, or, as root, take a file from its owner),
    /// and what the caller gives a reason to leave (`leftBecause`).
    package static func makePrivate(_ path: String, leftBecause reason: String? = nil) -> Change? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let bits = status.st_mode & 0o7777
        guard bits & othersBits != 0 else { return nil }
        if let reason {
            return Change(path: path, before: bits, after: bits, failure: reason)
        }
        if status.st_mode & S_IFMT == S_IFDIR, bits & S_ISVTX != 0 {
            return Change(path: path, before: bits, after: bits, failure: "a shared folder (sticky bit): left as it is")
        }
        guard status.st_uid == geteuid() else {
            return Change(path: path, before: bits, after: bits, failure: "owned by another user (uid \(status.st_uid))")
        }
        guard chmod(path, bits & ~othersBits) == 0 else {
            return Change(path: path, before: bits, after: bits, failure: String(cString: strerror(errno)))
        }
        return Change(path: path, before: bits, after: bits & ~othersBits, failure: nil)
    }

    /// 644 for 0o644: how `ls -l` and `stat -c %a` show a mode.
    package static func octal(_ bits: mode_t) -> String {
        String(bits, radix: 8)
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
