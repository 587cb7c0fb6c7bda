import LandfallStorage

/// A problem a command reports: its message and exit status. A command's body throws it to
/// stop with that report (``StorageOptions/withStorage(in:mustExist:into:translating:_:)``).
struct CommandFailure: Error {
    var message: String
    var status: CommandStatus
}

extension StorageOptions {
    /// Opens the storage, runs `body` with it, and reports what stops it into `output`: a
    /// ``CommandFailure`` as it is, another error as `translating` makes it (the links
    /// commands read the API's refusals), or in its own words as a problem found; a storage
    /// error as ``withStorage(in:mustExist:into:_:)`` reports it.
    ///
    /// - Returns: What `body` returned, or `nil` when it did not finish.
    func withStorage<Result>(in context: CommandContext, mustExist: Bool, into output: inout CommandOutput,
                             translating translate: (any Error) -> CommandFailure? = { _ in nil },
                             _ body: (Storage) async throws -> Result) async -> Result? {
        let outcome = await withStorage(in: context, mustExist: mustExist, into: &output) {
            storage throws(StorageError) -> Swift.Result<Result, CommandFailure> in
            do {
                return .success(try await body(storage))
            } catch let error as StorageError {
                throw error
            } catch let error as CommandFailure {
                return .failure(error)
            } catch {
                return .failure(translate(error) ?? CommandFailure(message: "\(error)", status: .problemsFound))
            }
        }
        switch outcome {
        case .success(let result)?: return result
        case .failure(let failure)?:
            output.fail(failure.message, status: failure.status)
            return nil
        case nil: return nil
        }
    }
}
