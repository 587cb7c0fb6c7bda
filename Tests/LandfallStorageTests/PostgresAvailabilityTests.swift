import Testing

/// Says in the test run whether the PostgreSQL cases of the storage tests ran.
@Suite struct PostgresAvailabilityTests {
    @Test(.enabled(
        if: Backend.postgresAdminURL != nil || Backend.isCI,
        "LANDFALL_TEST_POSTGRES_URL is not set: the PostgreSQL cases are skipped; run them with scripts/with-postgres swift test --filter LandfallStorageTests"
    ))
    func thePostgreSQLCasesHaveAServer() {
        #expect(Backend.postgresAdminURL != nil, "CI is set but LANDFALL_TEST_POSTGRES_URL is not: .ci/run should start PostgreSQL")
        #expect(Backend.all.contains(.postgres))
    }
}
