-- bench/distinct_queries.lua: every request its own search (wrk -s), so no two share one upstream
-- call: the path given after `--` with "-THREAD-N" added (bench/miss.sh: "own call").
local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("id", threads)
end
function init(args)
    base = args[1]
    n = 0
end
function request()
    n = n + 1
    return wrk.format(nil, base .. "-" .. id .. "-" .. n)
end
