/// A theme of the catalog: what its GIFs show, and the words they are found by.
struct Topic: Sendable {
    var name: String
    var tags: [String]
    var subjects: [String]
    var actions: [String]
}

extension Topic {
    /// The demo catalog's topics: what people look for in a GIF keyboard. Each yields up to
    /// subjects × actions distinct titles.
    static let all: [Topic] = [
        Topic(name: "cats", tags: ["cat", "kitten", "kitty", "meow"], subjects: ["Cat", "Kitten", "Grumpy Cat", "Orange Cat"], actions: ["Knocks Over A Glass", "Chases A Laser", "Falls Asleep", "Stares At You"]),
        Topic(name: "dogs", tags: ["dog", "puppy", "doggo", "woof"], subjects: ["Dog", "Puppy", "Corgi", "Golden Retriever"], actions: ["Wags Its Tail", "Catches A Frisbee", "Tilts Its Head", "Zooms Around"]),
        Topic(name: "happy", tags: ["joy", "smile", "yay", "glad"], subjects: ["Happy Kid", "Smiling Grandma", "Cheerful Robot", "Sunny Day"], actions: ["Jumps For Joy", "Beams", "Spins Around", "Claps Happily"]),
        Topic(name: "sad", tags: ["crying", "tears", "upset", "blue"], subjects: ["Sad Puppy", "Crying Baby", "Lonely Robot", "Rainy Window"], actions: ["Sheds A Tear", "Sighs", "Looks Down", "Sobs Dramatically"]),
        Topic(name: "dance", tags: ["dancing", "moves", "groove", "boogie"], subjects: ["Dancing Banana", "Office Worker", "Disco Grandpa", "Breakdancer"], actions: ["Busts A Move", "Does The Floss", "Grooves", "Moonwalks"]),
        Topic(name: "reaction", tags: ["reactions", "mood", "response", "face"], subjects: ["Shocked Man", "Side Eye Woman", "Confused Toddler", "Blinking Guy"], actions: ["Reacts", "Blinks Twice", "Raises An Eyebrow", "Does A Double Take"]),
        Topic(name: "thumbs up", tags: ["thumbs", "approve", "ok", "like"], subjects: ["Astronaut", "Grandpa", "Cartoon Hand", "Coach"], actions: ["Gives A Thumbs Up", "Approves", "Says Okay", "Gives Two Thumbs Up"]),
        Topic(name: "love", tags: ["heart", "hearts", "romance", "crush"], subjects: ["Heart Eyes Emoji", "Couple", "Teddy Bear", "Pink Heart"], actions: ["Sends Love", "Blows A Kiss", "Melts", "Hugs Tight"]),
        Topic(name: "laugh", tags: ["lol", "haha", "funny", "laughing"], subjects: ["Laughing Baby", "Giggling Friends", "Cackling Witch", "Chuckling Dad"], actions: ["Laughs Out Loud", "Cannot Stop Laughing", "Snorts", "Rolls On The Floor"]),
        Topic(name: "wow", tags: ["amazed", "omg", "shocked", "whoa"], subjects: ["Wide Eyed Kid", "Surprised Owl", "Jaw Drop Guy", "Astonished Cat"], actions: ["Says Wow", "Gasps", "Drops Its Jaw", "Stares In Awe"]),
        Topic(name: "facepalm", tags: ["face palm", "ugh", "really", "disappointed"], subjects: ["Captain", "Teacher", "Cartoon Dad", "Gorilla"], actions: ["Facepalms", "Shakes Head", "Covers Face", "Double Facepalms"]),
        Topic(name: "applause", tags: ["clap", "clapping", "bravo", "standing ovation"], subjects: ["Audience", "Seal", "Proud Mom", "Orchestra"], actions: ["Applauds", "Gives A Standing Ovation", "Claps Slowly", "Cheers"]),
        Topic(name: "party", tags: ["celebration", "confetti", "fiesta", "party time"], subjects: ["Party Parrot", "Confetti Cannon", "Party Animal", "Disco Ball"], actions: ["Parties Hard", "Throws Confetti", "Lights Up", "Celebrates"]),
        Topic(name: "birthday", tags: ["happy birthday", "cake", "bday", "candles"], subjects: ["Birthday Cake", "Party Hat Dog", "Balloon", "Cupcake"], actions: ["Says Happy Birthday", "Blows Out Candles", "Pops", "Sparkles"]),
        Topic(name: "hello", tags: ["hi", "hey", "wave", "greetings"], subjects: ["Penguin", "Friendly Robot", "Little Girl", "Sloth"], actions: ["Waves Hello", "Says Hi", "Pops In", "Peeks Around The Corner"]),
        Topic(name: "goodbye", tags: ["bye", "see you", "farewell", "later"], subjects: ["Waving Bear", "Train", "Cowboy", "Astronaut"], actions: ["Waves Goodbye", "Rides Off", "Slams The Door", "Fades Away"]),
        Topic(name: "thank you", tags: ["thanks", "grateful", "thx", "appreciate"], subjects: ["Bowing Butler", "Smiling Flower", "Grateful Cat", "Chef"], actions: ["Says Thank You", "Bows Deeply", "Sends Thanks", "Tips Its Hat"]),
        Topic(name: "yes", tags: ["yeah", "yep", "agree", "absolutely"], subjects: ["Nodding Man", "Fist Pump Kid", "Excited Fan", "Wrestler"], actions: ["Says Yes", "Nods", "Pumps A Fist", "Shouts Yes"]),
        Topic(name: "no", tags: ["nope", "nah", "never", "disagree"], subjects: ["Toddler", "Judge", "Cat", "Referee"], actions: ["Says No", "Shakes Head", "Refuses", "Waves It Off"]),
        Topic(name: "coffee", tags: ["caffeine", "latte", "espresso", "morning coffee"], subjects: ["Coffee Cup", "Barista", "Sleepy Owl", "Latte Art"], actions: ["Steams", "Pours", "Needs Coffee", "Sips Slowly"]),
        Topic(name: "monday", tags: ["mondays", "work week", "ugh monday", "tired"], subjects: ["Lasagna Cat", "Office Worker", "Alarm Clock", "Zombie"], actions: ["Hates Mondays", "Drags Itself To Work", "Rings Loudly", "Groans"]),
        Topic(name: "friday", tags: ["tgif", "weekend", "friday feeling", "freedom"], subjects: ["Office Crew", "Happy Dog", "Cartoon Bear", "Skateboarder"], actions: ["Celebrates Friday", "Runs Out The Door", "Does A Happy Dance", "Kicks Back"]),
        Topic(name: "sleepy", tags: ["tired", "sleep", "nap", "yawn"], subjects: ["Sleepy Panda", "Yawning Cat", "Baby", "Koala"], actions: ["Yawns", "Dozes Off", "Falls Off The Chair", "Snuggles In"]),
        Topic(name: "hungry", tags: ["food", "snack", "starving", "yum"], subjects: ["Hungry Bear", "Blue Monster", "Toddler", "Hamster"], actions: ["Wants Food", "Stuffs Its Cheeks", "Licks Its Lips", "Checks The Fridge"]),
        Topic(name: "pizza", tags: ["pizza time", "slice", "cheese", "food"], subjects: ["Pizza Slice", "Pizza Cat", "Chef", "Hungry Turtle"], actions: ["Stretches The Cheese", "Spins Dough", "Takes A Bite", "Delivers"]),
        Topic(name: "excited", tags: ["excitement", "hype", "cant wait", "pumped"], subjects: ["Excited Puppy", "Screaming Fan", "Bouncing Kid", "Cheerleader"], actions: ["Jumps Up And Down", "Squeals", "Vibrates", "Cannot Contain It"]),
        Topic(name: "confused", tags: ["what", "huh", "confusion", "math"], subjects: ["Confused Actor", "Puzzled Dog", "Math Lady", "Owl"], actions: ["Looks Around", "Tilts Its Head", "Does The Math", "Scratches Its Head"]),
        Topic(name: "eye roll", tags: ["eyeroll", "whatever", "annoyed", "sarcasm"], subjects: ["Teenager", "Sassy Cat", "Receptionist", "Toddler"], actions: ["Rolls Its Eyes", "Says Whatever", "Sighs Loudly", "Looks Away"]),
        Topic(name: "high five", tags: ["highfive", "team", "nice", "up top"], subjects: ["Best Friends", "Robot", "Teammates", "Cartoon Bears"], actions: ["High Five", "Miss The High Five", "Jump High Five", "Air Five"]),
        Topic(name: "hug", tags: ["hugs", "cuddle", "embrace", "comfort"], subjects: ["Bear", "Best Friends", "Puppy And Kitten", "Grandma"], actions: ["Gives A Big Hug", "Squeezes Tight", "Cuddles", "Runs In For A Hug"]),
        Topic(name: "mind blown", tags: ["mindblown", "explosion", "wow", "genius"], subjects: ["Scientist", "Galaxy Brain", "Student", "Cartoon Head"], actions: ["Has Mind Blown", "Explodes", "Sees The Light", "Freaks Out"]),
        Topic(name: "cool", tags: ["sunglasses", "awesome", "chill", "swag"], subjects: ["Cool Cat", "Sunglasses Dog", "Skater", "Penguin"], actions: ["Puts On Sunglasses", "Walks Away From Explosion", "Nods Coolly", "Slides In"]),
        Topic(name: "good morning", tags: ["morning", "rise and shine", "sunrise", "wake up"], subjects: ["Rooster", "Sunrise", "Stretching Cat", "Coffee Mug"], actions: ["Says Good Morning", "Rises", "Stretches", "Wakes Up"]),
        Topic(name: "good night", tags: ["night", "sweet dreams", "bedtime", "moon"], subjects: ["Moon", "Teddy Bear", "Sleeping Puppy", "Starry Sky"], actions: ["Says Good Night", "Tucks In", "Twinkles", "Drifts Off"]),
        Topic(name: "celebrate", tags: ["win", "victory", "woohoo", "champion"], subjects: ["Soccer Team", "Champion", "Fireworks", "Trophy"], actions: ["Celebrates The Win", "Lifts The Trophy", "Lights Up The Sky", "Pops Champagne"]),
        Topic(name: "fail", tags: ["oops", "fail", "whoops", "clumsy"], subjects: ["Skateboarder", "Cat", "Waiter", "Toddler"], actions: ["Falls Over", "Misses The Jump", "Drops Everything", "Trips"]),
        Topic(name: "cute", tags: ["adorable", "aww", "sweet", "baby animals"], subjects: ["Baby Otter", "Bunny", "Hedgehog", "Red Panda"], actions: ["Holds Hands", "Nibbles", "Rolls Over", "Sneezes"]),
        Topic(name: "shrug", tags: ["idk", "whatever", "dunno", "meh"], subjects: ["Shrugging Guy", "Cartoon Girl", "Dog", "Emoji"], actions: ["Shrugs", "Says I Dunno", "Shrugs Again", "Gives Up"]),
        Topic(name: "sports", tags: ["goal", "basketball", "football", "slam dunk"], subjects: ["Basketball Player", "Goalkeeper", "Tennis Star", "Surfer"], actions: ["Slam Dunks", "Makes A Save", "Serves An Ace", "Catches A Wave"]),
        Topic(name: "omg", tags: ["oh my god", "shock", "gasp", "drama"], subjects: ["Drama Queen", "Chipmunk", "Soap Star", "Reporter"], actions: ["Gasps", "Turns Dramatically", "Screams OMG", "Faints"]),
    ]
}
