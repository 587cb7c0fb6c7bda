/// The libFuzzer entry point: every input is run through ``FuzzRun``, which traps (through
/// `precondition`) on any broken property, so that libFuzzer saves the input as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = if let data, size > 0 { Array(UnsafeBufferPointer(start: data, count: size)) } else { [UInt8]() }
    FuzzRun(bytes: bytes).run()
    return 0
}
