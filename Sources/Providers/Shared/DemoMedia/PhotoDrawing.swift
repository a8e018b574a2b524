import Foundation

/// Draws `DemoPicture.photo` row by row for the PNG encoder: a sky from a light tint of the
/// photo's colour down to a dark one, a pale sun and a line of hills, placed by the photo's seed,
/// so a grid of them reads like a grid of blur hashes and each tells itself apart.
struct PhotoDrawing {
    let width: Int
    let height: Int
    private let sky: (top: RGB, bottom: RGB)
    private let sun: (x: Double, y: Double, radius: Double, colour: RGB)
    private let hills: (base: Double, amplitude: Double, waves: Double, phase: Double, colour: RGB)

    init(seed: UInt64, color: RGB, width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        var random = SplitMix(seed: seed)
        func unit() -> Double { Double(random.next() % 10_000) / 10_000 }
        sky = (color.mixed(with: .white, 0.55), color.mixed(with: .black, 0.2))
        let side = Double(min(self.width, self.height))
        sun = (Double(self.width) * (0.2 + 0.6 * unit()), Double(self.height) * (0.18 + 0.2 * unit()), side * 0.12,
               color.mixed(with: .white, 0.85))
        hills = (Double(self.height) * (0.62 + 0.12 * unit()), Double(self.height) * (0.04 + 0.05 * unit()),
                 1 + 2 * unit(), 2 * Double.pi * unit(), color.mixed(with: .black, 0.55))
    }

    func fill(row y: Int, into bytes: inout [UInt8]) {
        let t = Double(y) / Double(max(1, height - 1))
        let background = sky.top.mixed(with: sky.bottom, t)
        let py = Double(y) + 0.5
        let sunDy = py - sun.y
        let sunHalfWidth = sunDy * sunDy <= sun.radius * sun.radius ? (sun.radius * sun.radius - sunDy * sunDy).squareRoot() : -1
        bytes.withUnsafeMutableBufferPointer { out in
            for x in 0..<width {
                let px = Double(x) + 0.5
                let ridge = hills.base + hills.amplitude * sin(px / Double(width) * 2 * Double.pi * hills.waves + hills.phase)
                let colour: RGB = if py >= ridge {
                    hills.colour
                } else if sunHalfWidth >= 0 && abs(px - sun.x) <= sunHalfWidth {
                    sun.colour
                } else {
                    background
                }
                out[x * 3] = colour.red
                out[x * 3 + 1] = colour.green
                out[x * 3 + 2] = colour.blue
            }
        }
    }
}

/// Draws `DemoPicture.avatar`: a disc in the user's hue on a pale tint of it.
struct AvatarDrawing {
    let width: Int
    let height: Int
    let palette: [RGB]

    init(seed: UInt64, width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        var random = SplitMix(seed: seed)
        let hue = Double(random.next() % 360)
        palette = [RGB(hue: hue, saturation: 0.15, value: 0.97), RGB(hue: hue, saturation: 0.65, value: 0.75),
                   RGB(hue: hue + 20, saturation: 0.75, value: 0.45), .white]
    }

    /// Palette index at (x, y): background, disc, the disc's shoulders.
    func index(x: Int, y: Int) -> UInt8 {
        let cx = Double(width) / 2, side = Double(min(width, height))
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let head = (px - cx) * (px - cx) + (py - Double(height) * 0.4) * (py - Double(height) * 0.4)
        if head <= side * side * 0.04 { return 1 }
        let shoulders = (px - cx) * (px - cx) / (side * side * 0.12) + (py - Double(height)) * (py - Double(height)) / (side * side * 0.16)
        return shoulders <= 1 ? 2 : 0
    }

    func indices() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { out[y * width + x] = index(x: x, y: y) } }
        return out
    }
}
