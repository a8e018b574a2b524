/// How long a test waits for something that should happen at once (an answer, a close, a stop)
/// before it calls it missing. Only a broken run waits it out, so it is generous: a loaded
/// machine, or the sanitizers, never comes near it. Tests assert the event, never the time it took.
package let eventTimeout: Duration = .seconds(30)

/// `eventTimeout` in seconds, for a socket's timeout.
package let eventTimeoutSeconds = Double(eventTimeout.components.seconds)
