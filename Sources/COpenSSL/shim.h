#ifndef C_OPENSSL_SHIM_H
#define C_OPENSSL_SHIM_H

// OpenSSL's libcrypto (Debian's libssl-dev): its digests, for install tokens' hashes.
#include <openssl/evp.h>
// CRYPTO_memcmp: the admin token's hash compared in constant time.
#include <openssl/crypto.h>

#endif
