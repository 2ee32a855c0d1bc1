import Foundation

/// Formats distances and elevation gain for the hike summary screen.
struct DistanceFormatter {
    enum Units {
        case metric
        case imperial
    }

    var units: Units = .metric

    func distance(meters: Double) -> String {
        switch units {
        case .metric:
            return meters < 1_000
                ? String(format: "%.0f m", meters)
                : String(format: "%.1f km", meters / 1_000)
        case .imperial:
            let miles = meters / 1_609.344
            return String(format: "%.1f mi", miles)
        }
    }

    func elevationGain(_ samples: [Double]) -> Double {
        zip(samples, samples.dropFirst())
            .map { max(0, $1 - $0) }
            .reduce(0, +)
    }
}
