-- wrk script for bench/soak.py: the mixed plan (bench/mixed.lua, path in MIXED_LUA), and per answer
-- status and problem code counted, printed by done() as one line that soak.py reads:
--   SOAK requests=N duration_us=N p50_us=N p99_us=N connect=N read=N write=N timeout=N codes=STATUS:CODE:N,...
dofile(os.getenv("MIXED_LUA"))

local threads = {}
local plan_setup = setup
counts = {}

function setup(thread)
    plan_setup(thread)
    threads[#threads + 1] = thread
end

function response(status, headers, body)
    local key = tostring(status)
    if status >= 400 then
        key = key .. ":" .. (body and body:match('"code":"([%w_]+)"') or "-")
    end
    counts[key] = (counts[key] or 0) + 1
end

function done(summary, latency, requests)
    local total = {}
    for _, thread in ipairs(threads) do
        for key, count in pairs(thread:get("counts") or {}) do
            total[key] = (total[key] or 0) + count
        end
    end
    local codes = {}
    for key, count in pairs(total) do codes[#codes + 1] = key .. ":" .. count end
    table.sort(codes)
    local errors = summary.errors
    io.write(string.format("SOAK requests=%d duration_us=%d p50_us=%d p99_us=%d connect=%d read=%d write=%d timeout=%d codes=%s\n",
        summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
        errors.connect, errors.read, errors.write, errors.timeout, table.concat(codes, ",")))
end
