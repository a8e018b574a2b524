"""What the lockout benches share: reading one HTTP/1.1 response off a socket, exactly its bytes."""


def read_response(sock):
    """The status of one response (0 if the server closed first), reading exactly its bytes."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return 0
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            return 0
        body += chunk
    return int(head.split(b" ")[1])
