// libFuzzer entry point for the csv target: FuzzTargets.csv in Tests/GestureKitTests/FuzzTargets.swift,
// which the tests also run on every regression fixture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTargets.run("csv", FuzzTargets.csv, data, size)
}
