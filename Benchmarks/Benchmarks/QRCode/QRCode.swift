// Benchmarks of LandfallQR (issue 16: "A QR code for a short link in under 1 ms"), one code per
// iteration, through the library's public API. Benchmarks/QRCode/run.sh runs them beside the
// segno anchor and writes RESULTS.md there; alone, from Benchmarks/ (see README.md there):
//   swift package --scratch-path ../.build-bench --disable-sandbox benchmark --target QRCode --no-progress
//
// The names are "what payload level" and must match anchor.py's: run.sh pairs them.
//   encode short|long L|M|Q|H   QRCode(bytes, errorCorrection:) alone (version and mask chosen)
//   encode worst H              version 40-H filled to capacity (1,273 bytes)
//   svg|png short|long M        drawing an encoded code at the API's defaults (8 px, margin 4)
//   png worst H                 drawing the worst case
//   encode+png short M          what GET /v1/links/{id}/qr does by default: encode at M, then PNG
//   encode|encode+png varied M  the same with 1,024 different short links in turn (the target's
//                               case: one link repeated lets the branch predictor learn it)
import Benchmark
import LandfallQR

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 100_000
    )

    let payloads = QRCodePayloads.load()
    // The API's defaults (LinkQRCodeAPI's QRCodeOptions): 8 pixels per module, a 4-module margin.
    let moduleSize = 8
    let margin = 4

    func encoded(_ bytes: [UInt8], _ level: QRErrorCorrection) -> LandfallQR.QRCode {
        do {
            return try LandfallQR.QRCode(bytes, errorCorrection: level)
        } catch {
            fatalError("\(bytes.count) bytes at \(level) do not encode: \(error)")
        }
    }
    let worstCase = encoded(payloads.worstCase, .high)
    precondition(worstCase.version == 40, "the worst case should fill version 40-H, not \(worstCase.version)")

    for (name, bytes) in [("short", payloads.short), ("long", payloads.long)] {
        for level in QRErrorCorrection.allCases {
            // The same version as the anchor's (payloads.txt), so both draw the same symbol size.
            let version = encoded(bytes, level).version
            let expected = payloads.versions[name]?[level.rawValue]
            precondition(version == expected, "the \(name) link encodes to version \(version) at \(level), payloads.txt says \(expected ?? 0)")
            Benchmark("encode \(name) \(level)") { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try? LandfallQR.QRCode(bytes, errorCorrection: level))
                }
            }
        }
    }

    Benchmark("encode worst H", configuration: .init(maxDuration: .seconds(5))) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? LandfallQR.QRCode(payloads.worstCase, errorCorrection: .high))
        }
    }

    for (name, bytes) in [("short", payloads.short), ("long", payloads.long)] {
        let code = encoded(bytes, .medium)
        Benchmark("svg \(name) M") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? code.svg(moduleSize: moduleSize, margin: margin))
            }
        }
        Benchmark("png \(name) M") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? code.png(moduleSize: moduleSize, margin: margin))
            }
        }
    }

    Benchmark("png worst H") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? worstCase.png(moduleSize: moduleSize, margin: margin))
        }
    }

    Benchmark("encode+png short M") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? LandfallQR.QRCode(payloads.short, errorCorrection: .medium).png(moduleSize: moduleSize, margin: margin))
        }
    }

    let varied = payloads.variedShort
    for link in varied {
        let version = encoded(link, .medium).version
        precondition(version == payloads.versions["short"]?[1], "a varied short link encodes to version \(version) at M")
    }

    Benchmark("encode varied M") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? LandfallQR.QRCode(varied[benchmark.currentIteration % varied.count], errorCorrection: .medium))
        }
    }

    Benchmark("encode+png varied M") { benchmark in
        for _ in benchmark.scaledIterations {
            let link = varied[benchmark.currentIteration % varied.count]
            blackHole(try? LandfallQR.QRCode(link, errorCorrection: .medium).png(moduleSize: moduleSize, margin: margin))
        }
    }
}
