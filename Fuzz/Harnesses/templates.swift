// libFuzzer entry point for the templates target: FuzzTargets.templates in
// Tests/GestureKitTests/FuzzTargets.swift, which the tests also run on every regression fixture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTargets.run("templates", FuzzTargets.templates, data, size)
}
