/// The task executor a request's handler runs on (its event loop's), for work the request starts
/// that may outlive it: an unstructured `Task {}` does not inherit the handler's executor
/// preference, so such work ran on Swift's global pool and every resume crossed threads (a shared
/// upstream call: the pool, then back to the loop; issue 46 item 7). Set by the server once for
/// each handler task (not per request), read by whoever starts that work, neither knowing the other.
public enum RequestExecutor {
    @TaskLocal public static var preferred: (any TaskExecutor)?
}
