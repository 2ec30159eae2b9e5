/// What a memory benchmark's child process measures: resident bytes held at the peak, and those
/// left once what held them was let go (each after `malloc_trim`).
struct HeldAndLeft: Codable {
  var held: Double
  var left: Double
}
