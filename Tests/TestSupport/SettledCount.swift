/// A count once it has not moved for 200 ms (a fake's sends fail soon after the client hangs up),
/// read for 10 s at most: how much a client let through before it stopped.
package func settledCount(_ read: @escaping () -> Int) async -> Int {
    var last = read()
    for _ in 0..<50 {
        try? await Task.sleep(for: .milliseconds(200))
        let now = read()
        if now == last { return now }
        last = now
    }
    return last
}
