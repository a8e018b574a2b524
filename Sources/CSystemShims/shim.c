// The C shim target needs one source file; everything lives in the header.
