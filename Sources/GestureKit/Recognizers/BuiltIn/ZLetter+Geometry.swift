/// Path geometry for the whole-path Z rules: parts split where the stroke turns back in x, and turns.
extension ZLetter {
    /// Indices of `points` where the stroke turns back in x, with the first and last index: consecutive
    /// indices bound one part, which runs one way (right or left) in x.
    ///
    /// A part ends at its extreme x once the stroke has come back more than `tolerance` from it, so a
    /// wobble, a staircase step or a hook narrower than `tolerance` stays inside the part it interrupts.
    /// Until the stroke has moved more than `tolerance` one way, it has no direction yet: a short hook
    /// at the very start belongs to the first part.
    static func xTurns(_ points: [Point], tolerance: Double) -> [Int] {
        var turns = [0]
        guard points.count > 1 else { return turns }
        var direction = 0.0  // +1 right, -1 left, 0 not yet known
        var extreme = 0
        var leftmost = 0
        var rightmost = 0
        for (i, point) in points.enumerated().dropFirst() {
            let x = point.x
            if direction == 0 {
                if x < points[leftmost].x { leftmost = i }
                if x > points[rightmost].x { rightmost = i }
                if x - points[leftmost].x > tolerance {
                    direction = 1
                    extreme = i
                } else if points[rightmost].x - x > tolerance {
                    direction = -1
                    extreme = i
                }
            } else if direction * (x - points[extreme].x) > 0 {
                extreme = i
            } else if direction * (points[extreme].x - x) > tolerance {
                turns.append(extreme)
                direction = -direction
                extreme = i
            }
        }
        if turns.last != points.count - 1 { turns.append(points.count - 1) }
        return turns
    }
}
