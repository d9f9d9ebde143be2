// libFuzzer entry point for the labels target: FuzzTargets.labels in Tests/GestureKitTests/FuzzTargets.swift,
// which the tests also run on every regression fixture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTargets.run("labels", FuzzTargets.labels, data, size)
}
