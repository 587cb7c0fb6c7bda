import LandfallStorage
import Testing

@Suite struct StorageLocationTests {
    @Test func anSQLiteLocationNamesItsDirectory() {
        #expect(StorageLocation.sqlite(directory: "data") == .sqlite(directory: "data"))
    }
}
