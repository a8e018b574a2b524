extension DemoPicture {
    /// The image's bytes. Throws only if zlib fails (it does not on memory it was given).
    func render() throws -> [UInt8] {
        switch self {
        case .animation(let seed, let width, let height):
            let drawing = AnimationDrawing(seed: seed, width: width, height: height)
            return GIFEncoder(width: drawing.width, height: drawing.height, palette: drawing.palette)
                .encode(drawing.frames(count: Self.frameCount))
        case .still(let seed, let width, let height):
            let drawing = AnimationDrawing(seed: seed, width: width, height: height)
            return GIFEncoder(width: drawing.width, height: drawing.height, palette: drawing.palette)
                .encode(Array(drawing.frames(count: Self.frameCount).prefix(1)))
        case .photo(let seed, let color, let width, let height):
            let drawing = PhotoDrawing(seed: seed, color: RGB(hex: color) ?? RGB(red: 128, green: 128, blue: 128),
                                       width: width, height: height)
            return try PNGEncoder(width: drawing.width, height: drawing.height).encode { y, row in drawing.fill(row: y, into: &row) }
        case .avatar(let seed, let width, let height, let png):
            let drawing = AvatarDrawing(seed: seed, width: width, height: height)
            if png {
                return try PNGEncoder(width: drawing.width, height: drawing.height).encode { y, row in
                    for x in 0..<drawing.width {
                        let colour = drawing.palette[Int(drawing.index(x: x, y: y))]
                        row[x * 3] = colour.red
                        row[x * 3 + 1] = colour.green
                        row[x * 3 + 2] = colour.blue
                    }
                }
            }
            return GIFEncoder(width: drawing.width, height: drawing.height, palette: drawing.palette)
                .encode([GIFEncoder.Frame(left: 0, top: 0, width: drawing.width, height: drawing.height, indices: drawing.indices())])
        }
    }
}
