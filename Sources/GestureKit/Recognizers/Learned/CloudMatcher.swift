/// Lower bounds of the squared distance from any point of a grid cell to the nearest point of a cloud,
/// cell by cell: `$Q`'s look-up table (Vatavu, Anthony & Wobbrock, MobileHCI 2018), made exact as a
/// bound. `$Q` stores each cell's nearest point, an estimate; this stores the distance from the
/// cell's nearest edge, so that the sums it gives never exceed the matching cost and pruning with them
/// never changes the result.
struct CloudBounds: Sendable {
    /// Cells a side, each `Double(PointCloud.gridSize) / Double(cells)` grid units wide.
    let cells: Int
    let scale: Double
    let values: [Double]

    init(_ points: [Point], cells: Int) {
        self.cells = cells
        let size = Double(PointCloud.gridSize) / Double(cells)
        scale = 1 / size
        // The squared distance along x from each column to each point, and along y from each row: a
        // cell's bound for a point is the sum of its column's and its row's. Four points at a time;
        // the points that pad the last four are infinitely far.
        let width = (points.count + 3) / 4 * 4
        func along(_ coordinate: (Point) -> Double) -> [Double] {
            var result = [Double](repeating: .infinity, count: cells * width)
            for line in 0..<cells {
                let (low, high) = (Double(line) * size, Double(line + 1) * size)
                for (j, point) in points.enumerated() {
                    let d = max(low - coordinate(point), 0, coordinate(point) - high)
                    result[line * width + j] = d * d
                }
            }
            return result
        }
        let columns = along(\.x)
        let rows = along(\.y)
        var values = [Double](repeating: .infinity, count: cells * cells)
        columns.withUnsafeBufferPointer { columns in
            rows.withUnsafeBufferPointer { rows in
                values.withUnsafeMutableBufferPointer { values in
                    for row in 0..<cells {
                        let y = rows.baseAddress! + row * width
                        for column in 0..<cells {
                            let x = columns.baseAddress! + column * width
                            var (b0, b1, b2, b3) = (Double.infinity, Double.infinity, Double.infinity, Double.infinity)
                            for k in stride(from: 0, to: width, by: 4) {
                                let (d0, d1) = (x[k] + y[k], x[k + 1] + y[k + 1])
                                let (d2, d3) = (x[k + 2] + y[k + 2], x[k + 3] + y[k + 3])
                                b0 = d0 < b0 ? d0 : b0
                                b1 = d1 < b1 ? d1 : b1
                                b2 = d2 < b2 ? d2 : b2
                                b3 = d3 < b3 ? d3 : b3
                            }
                            values[row * cells + column] = min(min(b0, b1), min(b2, b3))
                        }
                    }
                }
            }
        }
        self.values = values
    }

    /// The bound at `point`: no more than its squared distance to the cloud.
    @inline(__always)
    func bound(_ point: Point) -> Double { values[cell(point)] }

    /// The cell `point` is in, as an index of `values`.
    @inline(__always)
    func cell(_ point: Point) -> Int { Self.cell(point, cells: cells) }

    static func cell(_ point: Point, cells: Int) -> Int {
        let scale = Double(cells) / Double(PointCloud.gridSize)
        let column = min(cells - 1, max(0, Int(point.x * scale)))
        let row = min(cells - 1, max(0, Int(point.y * scale)))
        return row * cells + column
    }
}

/// A template ready for matching: its cloud and its bounds table (64 cells a side), and its turning
/// angles when it is matched with them (`p+`; and orientations, `p+o`).
struct CloudTemplate: Sendable {
    let cloud: PointCloud
    let bounds: CloudBounds
    /// The cell of each of its points in a candidate's bounds (`CloudMatcher.cells` a side).
    let candidateCells: [Int]
    /// Its points with their turning angles, when matched with them.
    let turning: TurningCloud?

    /// Matched by `matcher`: with turning angles (and orientations) when it `turns`.
    init(_ cloud: PointCloud, matcher: TemplateAlgorithm = .q) {
        self.cloud = cloud
        bounds = CloudBounds(cloud.points, cells: PointCloud.gridSize)
        candidateCells = cloud.points.map { CloudBounds.cell($0, cells: CloudMatcher.cells) }
        turning = matcher.turns ? matcher.turningCloud(cloud.points) : nil
    }
}

/// One stroke's cloud matched against many templates, as `$Q` does: each template's lower bound first
/// (its least over start points and both directions, from the bounds tables), the templates taken in
/// order of it, and a template or start point skipped once its bound cannot beat what it must beat.
/// The distances are `PointCloud.distance(to:)`'s exactly; with `turning` (`p+`, `p+o`), they are
/// `TurningCloud.distance`'s, and the bound is the positions' share of its matchings.
struct CloudMatcher {
    let cloud: PointCloud
    /// The candidate's own bounds, coarser (32 cells a side): made for every stroke.
    let bounds: CloudBounds

    /// The cell of each of its points in a template's bounds (64 a side).
    let templateCells: [Int]
    static let cells = 32
    /// The candidate with its turning angles, when clouds are matched with them (`p+`; and
    /// orientations, `p+o`).
    let turning: TurningCloud?

    /// Matched by `matcher` (`q`, `p+` or `p+o`): with turning angles (and orientations) when it `turns`.
    init(_ cloud: PointCloud, matcher: TemplateAlgorithm = .q) {
        self.cloud = cloud
        bounds = CloudBounds(cloud.points, cells: Self.cells)
        templateCells = cloud.points.map { CloudBounds.cell($0, cells: PointCloud.gridSize) }
        turning = matcher.turns ? matcher.turningCloud(cloud.points) : nil
    }

    /// Fills `a` with each candidate point's bound against the template and `b` with each template
    /// point's against the candidate, in order.
    @inline(__always)
    func pointBounds(
        _ template: CloudTemplate, _ a: UnsafeMutableBufferPointer<Double>, _ b: UnsafeMutableBufferPointer<Double>
    ) {
        template.bounds.values.withUnsafeBufferPointer { values in
            templateCells.withUnsafeBufferPointer { cells in
                for k in 0..<cells.count { a[k] = values[cells[k]] }
            }
        }
        bounds.values.withUnsafeBufferPointer { values in
            template.candidateCells.withUnsafeBufferPointer { cells in
                for k in 0..<cells.count { b[k] = values[cells[k]] }
            }
        }
    }

    /// The least, over every start point of `$P`'s matching in either direction, of the weighted sum
    /// of the point bounds: no template distance is below it. With `turning`, the less of the two
    /// directions' plain sums: each matching takes every point of one cloud at least once, at no less
    /// than its bound, and the angles only add.
    func bound(_ template: CloudTemplate) -> Double {
        let n = cloud.points.count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n) { buffer in
            let a = UnsafeMutableBufferPointer(rebasing: buffer[0..<n])
            let b = UnsafeMutableBufferPointer(rebasing: buffer[n...])
            pointBounds(template, a, b)
            if turning != nil { return min(a.reduce(0, +), b.reduce(0, +)) }
            return min(Self.leastStart(UnsafeBufferPointer(a)), Self.leastStart(UnsafeBufferPointer(b)))
        }
    }

    /// The least of `forEachStart`'s sums.
    @inline(__always)
    static func leastStart(_ distances: UnsafeBufferPointer<Double>) -> Double {
        let n = distances.count
        let step = Int(Double(n).squareRoot())
        var total = 0.0
        var sum = 0.0
        for k in 0..<n {
            total += distances[k]
            sum += (1 - Double(k) / Double(n)) * distances[k]
        }
        let share = total / Double(n)
        var least = sum
        var start = 0
        while start + step < n {
            for k in start..<start + step { sum += share - distances[k] }
            start += step
            least = min(least, sum)
        }
        return least
    }

    /// Calls `body` with each start point `$P` tries (every ⌊√n⌋-th), its number, and the weighted sum
    /// of `distances` from it: with weights 1 − k/n from the start, S(s + 1) = S(s) − d[s] + Σd / n,
    /// so every start costs one step.
    @inline(__always)
    static func forEachStart(_ distances: UnsafeBufferPointer<Double>, _ body: (Int, Int, Double) -> Void) {
        let n = distances.count
        var total = 0.0
        var sum = 0.0
        for k in 0..<n {
            total += distances[k]
            sum += (1 - Double(k) / Double(n)) * distances[k]
        }
        let step = Int(Double(n).squareRoot())
        for start in 0..<n {
            if start % step == 0 { body(start / step, start, sum) }
            sum += total / Double(n) - distances[start]
        }
    }

    /// The cloud distance to `template`, or nil when it is not below `limit`. The point bounds that
    /// `bound(_:)` gathered are gathered again here, not kept: 2n loads for the few templates that
    /// get this far cost less than keeping 2n values for every template a stroke is bounded against.
    func distance(to template: CloudTemplate, below limit: Double) -> Double? {
        let n = cloud.points.count
        if let turning, let other = template.turning {
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n) { buffer in
                let a = UnsafeMutableBufferPointer(rebasing: buffer[0..<n])
                let b = UnsafeMutableBufferPointer(rebasing: buffer[n...])
                pointBounds(template, a, b)
                return turning.distance(
                    to: other, below: limit, bounds: (UnsafeBufferPointer(a), UnsafeBufferPointer(b)))
            }
        }
        let step = Int(Double(n).squareRoot())
        let starts = (n + step - 1) / step
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n + 2 * starts) { buffer in
            let a = UnsafeMutableBufferPointer(rebasing: buffer[0..<n])
            let b = UnsafeMutableBufferPointer(rebasing: buffer[n..<2 * n])
            let startsA = UnsafeMutableBufferPointer(rebasing: buffer[2 * n..<2 * n + starts])
            let startsB = UnsafeMutableBufferPointer(rebasing: buffer[(2 * n + starts)...])
            pointBounds(template, a, b)
            Self.forEachStart(UnsafeBufferPointer(a)) { index, _, sum in startsA[index] = sum }
            Self.forEachStart(UnsafeBufferPointer(b)) { index, _, sum in startsB[index] = sum }
            var best = limit
            for (index, start) in stride(from: 0, to: n, by: step).enumerated() {
                if startsA[index] < best,
                    let d = Self.match(
                        cloud.points, template.cloud.points, from: start, bounds: UnsafeBufferPointer(a),
                        bound: startsA[index], below: best)
                {
                    best = d
                }
                if startsB[index] < best,
                    let d = Self.match(
                        template.cloud.points, cloud.points, from: start, bounds: UnsafeBufferPointer(b),
                        bound: startsB[index], below: best)
                {
                    best = d
                }
            }
            return best < limit ? best : nil
        }
    }

    /// `PointCloud.cloudDistance`, abandoned as soon as the sum so far plus the bound of the points
    /// still to match reaches `limit` (`$Q`'s early abandoning). The template points not yet matched
    /// are kept packed, in their order, so that each search runs over those alone and a tie goes to
    /// the earliest, as in `cloudDistance`.
    static func match(
        _ points: [Point], _ template: [Point], from start: Int, bounds: UnsafeBufferPointer<Double>, bound: Double,
        below limit: Double
    ) -> Double? {
        let n = points.count
        precondition(template.count == n)
        var sum = 0.0
        var remaining = bound
        return withUnsafeTemporaryAllocation(of: Point.self, capacity: n) { left in
            _ = left.initialize(from: template)
            var count = n
            return points.withUnsafeBufferPointer { points in
                for k in 0..<n {
                    let index = (start + k) % n
                    let point = points[index]
                    let weight = 1 - Double(k) / Double(n)
                    var best = 0
                    var bestDistance = Double.infinity
                    for j in 0..<count {
                        let dx = point.x - left[j].x
                        let dy = point.y - left[j].y
                        let distance = dx * dx + dy * dy
                        if distance < bestDistance {
                            bestDistance = distance
                            best = j
                        }
                    }
                    count -= 1
                    let base = left.baseAddress!
                    (base + best).update(from: base + best + 1, count: count - best)
                    sum += weight * bestDistance
                    remaining -= weight * bounds[index]
                    if sum + max(remaining, 0) >= limit { return nil }
                }
                return sum
            }
        }
    }
}
