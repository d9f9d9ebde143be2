// swift-tools-version: 6.0
// The benchmark suite: a separate package so that benchmarks never build or run with `swift test`.
// Run it with `make bench` from the package root (see Benchmarks/README.md).
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which is whatever the checkout is called
// (`gesture`, `main`, a worktree…), so it is computed rather than spelled out.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

let package = Package(
    name: "gesture-benchmarks",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "gesture-bench",
            dependencies: [.product(name: "GestureKit", package: rootIdentity)]
        )
    ],
    swiftLanguageModes: [.v6]
)
