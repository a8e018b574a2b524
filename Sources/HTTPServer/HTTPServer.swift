// Placeholder replaced by the transport work in progress.
public enum HTTPServerPlaceholder {}
