// The system libsqlite3 (Debian: libsqlite3-dev), seen by Swift as module CSQLite.
#include <sqlite3.h>
