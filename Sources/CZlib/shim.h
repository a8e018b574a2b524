// The system zlib (Debian: zlib1g-dev), seen by Swift as module CZlib.
#include <zlib.h>
