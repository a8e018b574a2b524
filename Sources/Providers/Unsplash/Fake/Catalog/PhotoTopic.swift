/// A theme of the photo catalog: what its photos show, and the words they are found by.
struct PhotoTopic: Sendable {
    var name: String
    var tags: [String]
    /// Alt descriptions are "<subject> <scene>", lowercased as Unsplash's are.
    var subjects: [String]
    var scenes: [String]
}

extension PhotoTopic {
    /// What people look for on a photo site; each yields subjects × scenes distinct photos.
    static let all: [PhotoTopic] = [
        PhotoTopic(name: "cat", tags: ["cats", "kitten", "pet", "animal"], subjects: ["a tabby cat", "a black cat", "a white kitten", "an orange cat", "a sleepy cat"], scenes: ["on a windowsill", "in the grass", "on a sofa", "looking at the camera", "in the sun"]),
        PhotoTopic(name: "dog", tags: ["dogs", "puppy", "pet", "animal"], subjects: ["a golden retriever", "a small puppy", "a corgi", "a black labrador", "a husky"], scenes: ["on a beach", "in a park", "on a wooden floor", "in the snow", "with a ball"]),
        PhotoTopic(name: "mountain", tags: ["mountains", "peak", "alps", "hiking", "landscape"], subjects: ["a snowy mountain", "a mountain range", "a rocky peak", "a green valley", "a mountain lake"], scenes: ["at sunrise", "under a cloudy sky", "at dusk", "in winter", "seen from above"]),
        PhotoTopic(name: "city", tags: ["urban", "street", "buildings", "skyline", "architecture"], subjects: ["a city skyline", "a busy street", "a very tall building", "a bridge over a river", "a narrow alley"], scenes: ["at night", "in the rain", "at golden hour", "from a rooftop", "in the fog"]),
        PhotoTopic(name: "beach", tags: ["ocean", "sea", "sand", "summer", "coast"], subjects: ["a sandy beach", "waves on the shore", "a palm tree", "a lifeguard tower", "a rocky coast"], scenes: ["at sunset", "on a clear day", "with turquoise water", "at low tide", "from a drone"]),
        PhotoTopic(name: "forest", tags: ["trees", "woods", "nature", "green"], subjects: ["a pine forest", "a path through the woods", "tall trees", "a mossy log", "a misty forest"], scenes: ["in autumn", "in the morning light", "after the rain", "in spring", "from below"]),
        PhotoTopic(name: "food", tags: ["meal", "dinner", "breakfast", "cooking"], subjects: ["a bowl of salad", "a stack of pancakes", "a pizza", "a plate of pasta", "fresh fruit"], scenes: ["on a wooden table", "from above", "in a restaurant", "on a white plate", "with coffee"]),
        PhotoTopic(name: "coffee", tags: ["cafe", "latte", "espresso", "cup"], subjects: ["a cup of coffee", "latte art", "a barista", "coffee beans", "an espresso machine"], scenes: ["on a cafe table", "in the morning", "beside a book", "close up", "by the window"]),
        PhotoTopic(name: "flower", tags: ["flowers", "bloom", "garden", "plant"], subjects: ["a red rose", "a field of tulips", "a sunflower", "cherry blossoms", "a bouquet"], scenes: ["in the sun", "with dew drops", "in a vase", "against a blue sky", "in a garden"]),
        PhotoTopic(name: "space", tags: ["stars", "galaxy", "night sky", "astronomy"], subjects: ["the milky way", "a starry sky", "the full moon", "a nebula", "northern lights"], scenes: ["over the mountains", "above a lake", "over the desert", "through a telescope", "over a forest"]),
        PhotoTopic(name: "car", tags: ["cars", "vehicle", "road", "drive"], subjects: ["a red sports car", "a vintage car", "a road trip van", "a car on a highway", "a parked car"], scenes: ["at night", "in the desert", "on a mountain road", "in a city street", "in the rain"]),
        PhotoTopic(name: "people", tags: ["portrait", "person", "friends", "smile"], subjects: ["a woman smiling", "a man in a hat", "friends laughing", "a child playing", "an old couple"], scenes: ["outdoors", "in a cafe", "at a festival", "by the sea", "in a studio"]),
    ]
}
