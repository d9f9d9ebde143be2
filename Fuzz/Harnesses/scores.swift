// libFuzzer entry point for the scores target (batch --format json outputs, as merge-scores reads
// them): FuzzTargets.scores in Tests/GestureKitTests/FuzzTargets.swift, which the tests also run on
// every regression fixture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTargets.run("scores", FuzzTargets.scores, data, size)
}
