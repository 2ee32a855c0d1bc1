/// Asks the repository for each visible photo's title: one open per call.
final class GalleryViewModel {
    private let repository: PhotoRepository

    init(repository: PhotoRepository) {
        self.repository = repository
    }

    func titles(for ids: [Int64]) -> [String] {
        ids.compactMap { repository.title(of: $0) }
    }
}
