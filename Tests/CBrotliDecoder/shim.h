// The system brotli decoder (Debian: libbrotli-dev), for tests that read back what the server compressed.
#include <brotli/decode.h>
