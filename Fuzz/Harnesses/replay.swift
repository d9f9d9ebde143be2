// libFuzzer entry point for the replay target; the body is FuzzTargets.replay in
// Tests/GestureKitTests/FuzzTargets.swift, which the tests also run on every regression fixture.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let problems = FuzzTargets.replay(bytes)
    if !problems.isEmpty {
        fputs("fuzz-replay: broken invariants:\n" + problems.joined(separator: "\n") + "\n", stderr)
        abort()
    }
    return 0
}
