// Benchmarks of the association-file engine: matching throughput, parsing (and linting) a
// 128 KB file, and a hostile pattern. Run from Benchmarks/ (see README.md there):
//   swift package --scratch-path ../.build-bench --disable-sandbox benchmark --target AssociationMatching
import AppSiteAssociation
import Benchmark

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: 1_000_000
    )

    // MARK: Matching (a realistic 20-rule file, 100 questions)

    let matcher = AssociationMatcher(RealisticSite.file())
    let questions = RealisticSite.questions
    let parsed = RealisticSite.parsedQuestions()
    precondition(questions.count == 100, "the mix should hold 100 questions")

    // One iteration = 1,000 decisions (the 100 questions, ten times), so the reported
    // throughput (scaled by `.kilo`) reads directly as decisions per second.
    let decisionsConfiguration = Benchmark.Configuration(scalingFactor: .kilo)
    let rounds = 1_000 / questions.count

    Benchmark("Matching: decisions from String (parse included)", configuration: decisionsConfiguration) { _ in
        for _ in 0..<rounds {
            for question in questions {
                blackHole(try? matcher.decision(for: question.url, appID: question.appID))
            }
        }
    }

    Benchmark("Matching: decisions from pre-parsed LinkURL", configuration: decisionsConfiguration) { _ in
        for _ in 0..<rounds {
            for (url, appID) in parsed {
                blackHole(matcher.decision(for: url, appID: appID))
            }
        }
    }

    Benchmark("Matching: LinkURL(parsing:) alone", configuration: decisionsConfiguration) { _ in
        for _ in 0..<rounds {
            for question in questions {
                blackHole(try? LinkURL(parsing: question.url))
            }
        }
    }

    // MARK: Parsing a 128 KB file

    let largeFile = LargeFile.bytes
    let largeParsed: AssociationFile
    do {
        largeParsed = try AssociationFile(json: largeFile)
    } catch {
        fatalError("the generated 128 KB file does not decode: \(error)")
    }

    Benchmark("Parsing: decode 128 KB file") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? AssociationFile(json: largeFile))
        }
    }

    let linter = AssociationLinter()
    precondition(!linter.lint(largeFile).codes.contains("aasa.file-too-large"), "the large file should stay within 128 KB")

    Benchmark("Parsing: decode + lint 128 KB file") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? AssociationFile(json: largeFile))
            blackHole(linter.lint(largeFile))
        }
    }

    Benchmark("Parsing: check 128 KB file (decode + lint, one parse)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(linter.check(largeFile))
        }
    }

    Benchmark("Parsing: lint 128 KB file") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(linter.lint(largeFile))
        }
    }

    Benchmark("Parsing: compile matcher for 128 KB file") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(AssociationMatcher(largeParsed))
        }
    }

    // MARK: Hostile pattern (*a*a*a*a*a*a*a*a*b against a 10 KB path)

    let hostile = WildcardPattern(HostileInput.patternSource)
    let hostileWithVariable = WildcardPattern(HostileInput.variablePatternSource, variables: HostileInput.variables)
    let hostileMatcher = AssociationMatcher(HostileInput.file(pattern: HostileInput.patternSource))
    let hostileVariableMatcher = AssociationMatcher(HostileInput.file(pattern: HostileInput.variablePatternSource))
    precondition(!hostile.matches(HostileInput.path) && !hostileWithVariable.matches(HostileInput.path))

    Benchmark("Hostile: pattern alone, 10 KB path") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(hostile.matches(HostileInput.path))
        }
    }

    Benchmark("Hostile: pattern with a variable, 10 KB path") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(hostileWithVariable.matches(HostileInput.path))
        }
    }

    Benchmark("Hostile: decision from String, 10 KB path") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? hostileMatcher.decision(for: HostileInput.url, appID: HostileInput.appID))
        }
    }

    Benchmark("Hostile: decision from String, variable pattern, 10 KB path") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? hostileVariableMatcher.decision(for: HostileInput.url, appID: HostileInput.appID))
        }
    }
}
