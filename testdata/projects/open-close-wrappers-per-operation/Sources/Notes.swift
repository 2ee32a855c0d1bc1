struct Notes {
    func archive(id: Int) {
        Database.shared.open()
        Database.shared.run("UPDATE notes SET archived = 1 WHERE id = \(id)")
        Database.shared.close()
    }

    func archiveAll(ids: [Int]) {
        for id in ids {
            archive(id: id)
        }
    }
}
