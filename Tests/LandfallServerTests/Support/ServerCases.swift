/// The server tests' cases: each transport on each database.
enum ServerCases {
    /// Every transport on every database ``TestDatabase/all`` names.
    static let all: [(Transport, TestDatabase)] = Transport.allCases.flatMap { transport in TestDatabase.all.map { (transport, $0) } }
}
