// The system brotli encoder (Debian: libbrotli-dev), seen by Swift as module CBrotli.
#include <brotli/encode.h>
