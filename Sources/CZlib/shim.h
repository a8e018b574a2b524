#ifndef C_ZLIB_SHIM_H
#define C_ZLIB_SHIM_H

#include <zlib.h>

/// deflateInit is a macro Swift cannot call; this is it, as a function.
static inline int shim_deflate_init(z_stream *stream, int level) {
    return deflateInit(stream, level);
}

#endif
