/// Opens the database when the app starts and closes it when it ends.
final class App {
    func start() {
        Database.shared.open()
    }

    func archive(id: Int) {
        Database.shared.run("UPDATE notes SET archived = 1 WHERE id = \(id)")
    }

    func stop() {
        Database.shared.close()
    }
}
