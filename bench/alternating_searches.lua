-- wrk script for bench/history_under_load.sh: two cached searches in turn, so every answer
-- changes the newest history entry and queues a history write.
local requests = {}
local index = 0

function init(args)
    requests[1] = wrk.format("GET", "/search?q=cats")
    requests[2] = wrk.format("GET", "/search?q=dogs")
end

function request()
    index = index % 2 + 1
    return requests[index]
end
