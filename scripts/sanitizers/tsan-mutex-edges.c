// Preloaded (LD_PRELOAD) into the ThreadSanitizer test run only; never part of the product.
//
// Why: Synchronization.Mutex on Linux inlines its uncontended lock and unlock (atomics that
// TSan sees) but runs the contended ones in libswiftSynchronization.so, which is not
// instrumented: a spin on an atomic, then FUTEX_LOCK_PI / FUTEX_UNLOCK_PI, where the kernel
// hands the lock over. TSan sees no happens-before edge there and reports every access made
// under a contended Mutex as a race (all 9 reports of the first run were such).
//
// What: wrap the three out-of-line slow paths and tell TSan what they do: acquire on the
// Mutex's word after a slow lock succeeds, release on it before a slow unlock. The real
// functions still do the locking; real races (an access without the lock) are still reported.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>

// Weak: children of the test run that are not built with TSan (bash, sqlite3) load this too.
extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

// Swift passes `self` (the _MutexHandle's address, borrowed) in the swiftself register,
// which clang's swift_context parameter ABI maps to.
#define SWIFT_CALL __attribute__((swiftcall))
#define SWIFT_SELF __attribute__((swift_context))

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

typedef SWIFT_CALL void (*LockSlow)(uint32_t threadID, SWIFT_SELF void *handle);
typedef SWIFT_CALL bool (*TryLockSlow)(SWIFT_SELF void *handle);
typedef SWIFT_CALL void (*UnlockSlow)(SWIFT_SELF void *handle);

static LockSlow originalLockSlow;
static TryLockSlow originalTryLockSlow;
static UnlockSlow originalUnlockSlow;

// Resolved once at load, before any Swift code runs, so no thread races to fill them in.
__attribute__((constructor)) static void findOriginals(void) {
    originalLockSlow = (LockSlow)dlsym(RTLD_NEXT, LOCK_SLOW);
    originalTryLockSlow = (TryLockSlow)dlsym(RTLD_NEXT, TRY_LOCK_SLOW);
    originalUnlockSlow = (UnlockSlow)dlsym(RTLD_NEXT, UNLOCK_SLOW);
}

SWIFT_CALL void lockSlow(uint32_t threadID, SWIFT_SELF void *handle) __asm__(LOCK_SLOW);
SWIFT_CALL void lockSlow(uint32_t threadID, SWIFT_SELF void *handle) {
    originalLockSlow(threadID, handle);
    if (__tsan_acquire) __tsan_acquire(handle);
}

SWIFT_CALL bool tryLockSlow(SWIFT_SELF void *handle) __asm__(TRY_LOCK_SLOW);
SWIFT_CALL bool tryLockSlow(SWIFT_SELF void *handle) {
    bool locked = originalTryLockSlow(handle);
    if (locked && __tsan_acquire) __tsan_acquire(handle);
    return locked;
}

SWIFT_CALL void unlockSlow(SWIFT_SELF void *handle) __asm__(UNLOCK_SLOW);
SWIFT_CALL void unlockSlow(SWIFT_SELF void *handle) {
    if (__tsan_release) __tsan_release(handle);
    originalUnlockSlow(handle);
}
