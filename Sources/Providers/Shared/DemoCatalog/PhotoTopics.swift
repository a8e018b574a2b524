extension CatalogTopic {
    /// What people look for on a photo site; each yields subjects × details (scenes)
    /// distinct photos, alt descriptions "<subject> <scene>", lowercased as Unsplash's are.
    /// Both photo catalogs (Unsplash's, Pexels') draw from them, so a word finds photos in either.
    package static let photos: [CatalogTopic] = [
        CatalogTopic(name: "cat", tags: ["cats", "kitten", "pet", "animal"], subjects: ["a tabby cat", "a black cat", "a white kitten", "an orange cat", "a sleepy cat"], details: ["on a windowsill", "in the grass", "on a sofa", "looking at the camera", "in the sun"]),
        CatalogTopic(name: "dog", tags: ["dogs", "puppy", "pet", "animal"], subjects: ["a golden retriever", "a small puppy", "a corgi", "a black labrador", "a husky"], details: ["on a beach", "in a park", "on a wooden floor", "in the snow", "with a ball"]),
        CatalogTopic(name: "mountain", tags: ["mountains", "peak", "alps", "hiking", "landscape"], subjects: ["a snowy mountain", "a mountain range", "a rocky peak", "a green valley", "a mountain lake"], details: ["at sunrise", "under a cloudy sky", "at dusk", "in winter", "seen from above"]),
        CatalogTopic(name: "city", tags: ["urban", "street", "buildings", "skyline", "architecture"], subjects: ["a city skyline", "a busy street", "a very tall building", "a bridge over a river", "a narrow alley"], details: ["at night", "in the rain", "at golden hour", "from a rooftop", "in the fog"]),
        CatalogTopic(name: "beach", tags: ["ocean", "sea", "sand", "summer", "coast"], subjects: ["a sandy beach", "waves on the shore", "a palm tree", "a lifeguard tower", "a rocky coast"], details: ["at sunset", "on a clear day", "with turquoise water", "at low tide", "from a drone"]),
        CatalogTopic(name: "forest", tags: ["trees", "woods", "nature", "green"], subjects: ["a pine forest", "a path through the woods", "tall trees", "a mossy log", "a misty forest"], details: ["in autumn", "in the morning light", "after the rain", "in spring", "from below"]),
        CatalogTopic(name: "food", tags: ["meal", "dinner", "breakfast", "cooking"], subjects: ["a bowl of salad", "a stack of pancakes", "a pizza", "a plate of pasta", "fresh fruit"], details: ["on a wooden table", "from above", "in a restaurant", "on a white plate", "with coffee"]),
        CatalogTopic(name: "coffee", tags: ["cafe", "latte", "espresso", "cup"], subjects: ["a cup of coffee", "latte art", "a barista", "coffee beans", "an espresso machine"], details: ["on a cafe table", "in the morning", "beside a book", "close up", "by the window"]),
        CatalogTopic(name: "flower", tags: ["flowers", "bloom", "garden", "plant"], subjects: ["a red rose", "a field of tulips", "a sunflower", "cherry blossoms", "a bouquet"], details: ["in the sun", "with dew drops", "in a vase", "against a blue sky", "in a garden"]),
        CatalogTopic(name: "space", tags: ["stars", "galaxy", "night sky", "astronomy"], subjects: ["the milky way", "a starry sky", "the full moon", "a nebula", "northern lights"], details: ["over the mountains", "above a lake", "over the desert", "through a telescope", "over a forest"]),
        CatalogTopic(name: "car", tags: ["cars", "vehicle", "road", "drive"], subjects: ["a red sports car", "a vintage car", "a road trip van", "a car on a highway", "a parked car"], details: ["at night", "in the desert", "on a mountain road", "in a city street", "in the rain"]),
        CatalogTopic(name: "people", tags: ["portrait", "person", "friends", "smile"], subjects: ["a woman smiling", "a man in a hat", "friends laughing", "a child playing", "an old couple"], details: ["outdoors", "in a cafe", "at a festival", "by the sea", "in a studio"]),
    ]
}
