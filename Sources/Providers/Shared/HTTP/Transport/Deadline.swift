/// Thrown when a call's deadline came before its answer, whatever it was waiting for (a free
/// connection, the upstream): `CurlLoop` ends it at `UpstreamCall.deadline`.
package struct DeadlinePassed: Error {}
