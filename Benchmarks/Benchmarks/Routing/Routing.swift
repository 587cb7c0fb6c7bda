import Benchmark
import DeepLinkRouting
import Foundation
import RoutingKit

/// Matches per second for a 50-route app table: DeepLinkRouting from URL text (host check,
/// percent-decoding, typed parameters, query items) against RoutingKit's TrieRouter on the
/// same table, given either pre-split segments or the same URL text.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 100_000
    )

    let router = RealisticTable.router()
    let urls = RealisticTable.urls

    let trie = TrieRouter(Int.self)
    for (index, entry) in RealisticTable.entries.enumerated() {
        for path in entry.routingKit { trie.register(index, at: path.pathComponents) }
    }
    let splitPaths = RealisticTable.splitPaths

    // Both routers must take the same decisions, or the comparison means nothing.
    for (url, path) in zip(urls, splitPaths) {
        var parameters = Parameters()
        let ours = router.route(url).match.map { Int($0.route.name.dropFirst())! }
        let theirs = trie.route(path: path, parameters: &parameters)
        precondition(ours == theirs, "the routers disagree on \(url): \(String(describing: ours)) vs \(String(describing: theirs))")
    }

    Benchmark("DeepLinkRouting: route URL text (50 routes)") { benchmark in
        for iteration in benchmark.scaledIterations {
            blackHole(router.route(urls[iteration % urls.count]))
        }
    }

    Benchmark("RoutingKit TrieRouter: route pre-split path (same table)") { benchmark in
        for iteration in benchmark.scaledIterations {
            var parameters = Parameters()
            blackHole(trie.route(path: splitPaths[iteration % splitPaths.count], parameters: &parameters))
        }
    }

    Benchmark("RoutingKit TrieRouter: split URL text, then route (same table)") { benchmark in
        for iteration in benchmark.scaledIterations {
            var parameters = Parameters()
            let path = RealisticTable.path(of: urls[iteration % urls.count])
            blackHole(trie.route(path: path, parameters: &parameters))
        }
    }

    Benchmark("Foundation URL(string:) + pathComponents alone (for reference)") { benchmark in
        for iteration in benchmark.scaledIterations {
            blackHole(URL(string: urls[iteration % urls.count])?.pathComponents)
        }
    }
}
