#ifndef C_SLOW_DISK_H
#define C_SLOW_DISK_H

// A test VFS that makes a disk slow: it wraps another VFS and sleeps before every write to a
// database or WAL file (never before reads, journals or anything else), counting the writes.

// Registers the VFS named `name` over the VFS named `wrapped` (NULL: SQLite's default) once;
// a second call with the same name changes nothing. SQLITE_OK or SQLite's error.
int slow_disk_register(const char *name, const char *wrapped);

// The sleep before each such write, in microseconds (0 at first); takes effect at once.
void slow_disk_set_write_delay(int microseconds);

// Writes to database and WAL files since start.
long slow_disk_write_count(void);

#endif
