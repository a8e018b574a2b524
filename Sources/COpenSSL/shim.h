#ifndef C_OPENSSL_SHIM_H
#define C_OPENSSL_SHIM_H

// OpenSSL's libcrypto (Debian's libssl-dev): its digests, for install tokens' hashes.
#include <openssl/evp.h>
#include <openssl/sha.h>

// SHA-256 of `length` bytes at `data` into the 32 bytes at `digest`, on a context on the stack; 1
// on success. EVP_Digest, in OpenSSL 3.0, allocates a context and the provider's state on every
// call (two mallocs and frees) and takes a reference on the shared algorithm (an atomic every
// loop's requests contend for): a request with an install token hashes its secret each time.
// The low-level functions are deprecated since 3.0, not removed; this is their one use.
static inline int c_openssl_sha256(const void *data, size_t length, unsigned char *digest) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
    SHA256_CTX context;
    // SHA256_Final clears the buffered block (the secret's bytes) from the context.
    int done = SHA256_Init(&context) && SHA256_Update(&context, data, length) && SHA256_Final(digest, &context);
#pragma clang diagnostic pop
    return done;
}

#endif
