// scripts/sanitizers.sh's check of tsan-mutex-edges.c: four threads contend for one Mutex.
// Counting under the lock must give no TSan report; with `race`, a counter touched without
// the lock must still be reported (the shim adds edges only where the lock is really held).
import Foundation
import Synchronization

final class Counters: @unchecked Sendable {  // `locked`: only under `lock`; `unguarded`: the race
    var locked = 0
    var unguarded = 0
}

let counters = Counters()
let lock = Mutex(())
let raceOnPurpose = CommandLine.arguments.contains("race")
let rounds = 20_000
for _ in 0..<4 {
    Thread {
        for _ in 0..<rounds {
            lock.withLock { _ in counters.locked += 1 }
            if raceOnPurpose { counters.unguarded += 1 }
        }
    }.start()
}
while lock.withLock({ _ in counters.locked }) < 4 * rounds { usleep(1000) }
print("locked:", counters.locked)
