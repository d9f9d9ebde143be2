#if canImport(Glibc)
    import Glibc
#endif

/// Memory advice for the one large buffer a long trace needs: its samples.
enum LargeBuffers {
    /// Asks the kernel to back `array`'s reserved storage with huge pages when it is large. A
    /// million-sample trace otherwise takes a page fault every 85 samples as its array fills: the one
    /// cost per sample that grew with length (Benchmarks/README.md has the figures).
    /// Only advice: nothing changes where it is not followed.
    static func preferHugePages<Element>(_ array: inout [Element]) {
        #if os(Linux)
            let bytes = array.capacity * MemoryLayout<Element>.stride
            let huge = 2 << 20
            guard bytes >= 4 * huge else { return }
            array.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
                let end = (Int(bitPattern: base) + bytes) & ~(huge - 1)
                guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
                _ = madvise(pointer, end - start, MADV_HUGEPAGE)
            }
        #endif
    }
}
