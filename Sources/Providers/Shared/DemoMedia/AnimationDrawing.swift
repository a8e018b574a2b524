import Foundation

/// Draws `DemoPicture.animation` and `.still` as palette indices: bands of a gradient in the
/// item's hue, a shape (circle, square, diamond or ring) in the opposite hue, and a ball going
/// round it. Frames after the first cover only where the ball was and is (about 1/30 of the
/// picture), so an 8-frame grid GIF costs little more than its first frame.
struct AnimationDrawing {
    let width: Int
    let height: Int
    let palette: [RGB]
    private let shape: Int
    private let bands = 16
    private let center: (x: Double, y: Double)
    private let shapeRadius: Double
    private let ballRadius: Double
    private let orbit: (x: Double, y: Double)
    private let phase: Double

    // Palette entries: 0..<16 the gradient, then the shape, its edge, the ball, its edge.
    private static let shapeIndex: UInt8 = 16
    private static let shapeEdgeIndex: UInt8 = 17
    private static let ballIndex: UInt8 = 18
    private static let ballEdgeIndex: UInt8 = 19

    init(seed: UInt64, width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        var random = SplitMix(seed: seed)
        let hue = Double(random.next() % 360)
        let top = RGB(hue: hue, saturation: 0.45, value: 0.98)
        let bottom = RGB(hue: hue + 35, saturation: 0.75, value: 0.55)
        var colours = (0..<16).map { top.mixed(with: bottom, Double($0) / 15) }
        let shapeColour = RGB(hue: hue + 180, saturation: 0.7, value: 0.92)
        colours += [shapeColour, shapeColour.mixed(with: .black, 0.35), RGB(hue: hue + 90, saturation: 0.15, value: 1),
                    RGB(hue: hue + 90, saturation: 0.6, value: 0.35)]
        palette = colours
        shape = Int(random.next() % 4)
        let side = Double(min(self.width, self.height))
        center = (Double(self.width) / 2, Double(self.height) / 2)
        shapeRadius = side * 0.26
        ballRadius = max(1.5, side * 0.1)
        orbit = (Double(self.width) * 0.33, Double(self.height) * 0.33)
        phase = Double(random.next() % 628) / 100
    }

    func frames(count: Int) -> [GIFEncoder.Frame] {
        var frames = [GIFEncoder.Frame(left: 0, top: 0, width: width, height: height,
                                       indices: indices(x: 0..<width, y: 0..<height, frame: 0, of: count))]
        for frame in 1..<max(1, count) {
            let (xs, ys) = changed(from: frame - 1, to: frame, of: count)
            guard !xs.isEmpty, !ys.isEmpty else { continue }
            frames.append(GIFEncoder.Frame(left: xs.lowerBound, top: ys.lowerBound, width: xs.count, height: ys.count,
                                           indices: indices(x: xs, y: ys, frame: frame, of: count)))
        }
        return frames
    }

    private func ball(_ frame: Int, of count: Int) -> (x: Double, y: Double) {
        let angle = phase + 2 * Double.pi * Double(frame) / Double(max(1, count))
        return (center.x + orbit.x * cos(angle), center.y + orbit.y * sin(angle))
    }

    /// The rectangle covering the ball before and after, within the picture.
    private func changed(from old: Int, to new: Int, of count: Int) -> (Range<Int>, Range<Int>) {
        let a = ball(old, of: count), b = ball(new, of: count)
        let margin = ballRadius + 1
        let left = max(0, Int((min(a.x, b.x) - margin).rounded(.down)))
        let right = min(width, Int((max(a.x, b.x) + margin).rounded(.up)) + 1)
        let top = max(0, Int((min(a.y, b.y) - margin).rounded(.down)))
        let bottom = min(height, Int((max(a.y, b.y) + margin).rounded(.up)) + 1)
        return (left..<max(left, right), top..<max(top, bottom))
    }

    private func indices(x xs: Range<Int>, y ys: Range<Int>, frame: Int, of count: Int) -> [UInt8] {
        let ballCentre = ball(frame, of: count)
        let ballSquared = ballRadius * ballRadius
        let ballInnerSquared = (ballRadius - 1.5) * (ballRadius - 1.5)
        var out = [UInt8](repeating: 0, count: xs.count * ys.count)
        var index = 0
        for y in ys {
            let band = UInt8(min(bands - 1, y * bands / height))
            let py = Double(y) + 0.5
            for x in xs {
                let px = Double(x) + 0.5
                let bx = px - ballCentre.x, by = py - ballCentre.y
                let ballDistance = bx * bx + by * by
                if ballDistance <= ballSquared {
                    out[index] = ballDistance >= ballInnerSquared ? Self.ballEdgeIndex : Self.ballIndex
                } else {
                    out[index] = shapeIndex(px - center.x, py - center.y) ?? band
                }
                index += 1
            }
        }
        return out
    }

    /// The shape's colour at an offset from the centre, or nil outside it.
    private func shapeIndex(_ dx: Double, _ dy: Double) -> UInt8? {
        let r = shapeRadius
        let (inside, edge): (Bool, Bool) = switch shape {
        case 0:  // circle
            (dx * dx + dy * dy <= r * r, dx * dx + dy * dy >= (r - 2) * (r - 2))
        case 1:  // square
            (abs(dx) <= r * 0.85 && abs(dy) <= r * 0.85, abs(dx) >= r * 0.85 - 2 || abs(dy) >= r * 0.85 - 2)
        case 2:  // diamond
            (abs(dx) + abs(dy) <= r * 1.15, abs(dx) + abs(dy) >= r * 1.15 - 2.5)
        default:  // ring
            (dx * dx + dy * dy <= r * r && dx * dx + dy * dy >= r * r * 0.36, false)
        }
        guard inside else { return nil }
        return edge ? Self.shapeEdgeIndex : Self.shapeIndex
    }
}

/// A small, fast, fixed generator for the pictures' choices (not for anything secret).
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
