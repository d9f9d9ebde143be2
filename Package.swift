// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "gesture",
    products: [
        .library(name: "GestureKit", targets: ["GestureKit"]),
        .executable(name: "gesture", targets: ["gesture"]),
    ],
    targets: [
        .target(name: "GestureKit", linkerSettings: [.linkedLibrary("m")]),
        .executableTarget(name: "gesture", dependencies: ["GestureKit"]),
        .testTarget(
            name: "GestureKitTests",
            dependencies: ["GestureKit", "gesture"],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
