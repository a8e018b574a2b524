-- wrk script for bench/run.sh's mixed section: replays the plan written by mixed_plan.py
-- (MIXED_PLAN, lines METHOD<TAB>PATH<TAB>BODY), each thread from its own starting point.
local plan = {}
local index = 0
local thread_count = 0

function setup(thread)
    thread:set("start", thread_count * 7919)
    thread_count = thread_count + 1
end

function init(args)
    for line in io.lines(os.getenv("MIXED_PLAN")) do
        local method, path, body = line:match("^(%u+)\t([^\t]+)\t(.*)$")
        if method then
            if body ~= "" then
                plan[#plan + 1] = wrk.format(method, path, { ["Content-Type"] = "application/json" }, body)
            else
                plan[#plan + 1] = wrk.format(method, path)
            end
        end
    end
    index = (start or 0) % #plan
end

function request()
    index = index % #plan + 1
    return plan[index]
end
