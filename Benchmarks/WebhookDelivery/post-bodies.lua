-- wrk script: the anchor of the webhook delivery benchmark. POSTs the bodies of a file (one JSON
-- body a line, as webhook-receiver's /bodies gives them) to PATH, each once, with its event id in
-- `webhook-id`, as landfall's delivery does (without the signature); the threads share the lines.
--
--   wrk -t2 -c32 -d20s -s post-bodies.lua http://127.0.0.1:PORT -- BODIES THREADS CONNECTIONS PATH
--
-- Once a thread has sent its bodies it asks GET /health (not recorded by the receiver) until it
-- has had as many answers as its bodies plus eight per connection, then stops (a thread stopped
-- at its last body's answer could close a connection whose body is still being read; run.sh
-- checks that every id arrived). wrk itself still runs for -d: its own figures are not used.

local next_thread = 0

function setup(thread)
    next_thread = next_thread + 1
    thread:set("thread_number", next_thread)
end

local bodies = {}
local ids = {}
local path = "/"
local sent = 0
local answered = 0
local enough = 0

function init(args)
    local file, threads, connections = args[1], tonumber(args[2]), tonumber(args[3])
    path = args[4] or "/"
    if not file or not threads or not connections then
        error("post-bodies.lua: give BODIES THREADS CONNECTIONS PATH after --")
    end
    local line_number = 0
    for line in io.lines(file) do
        if (line_number % threads) == (thread_number - 1) then
            bodies[#bodies + 1] = line
            ids[#ids + 1] = string.match(line, '"id":"([^"]+)"') or "-"
        end
        line_number = line_number + 1
    end
    enough = #bodies + 8 * math.ceil(connections / threads)
    -- wrk calls the first thread's request() once more, right after init, to check the request
    -- (script_verify_request), and never sends that one: that call must not use up a body.
    if thread_number == 1 then sent = -1 end
end

function request()
    sent = sent + 1
    if sent < 1 then return wrk.format("POST", path, { ["Content-Type"] = "application/json", ["webhook-id"] = ids[1] }, bodies[1]) end
    if sent > #bodies then return wrk.format("GET", "/health") end
    return wrk.format("POST", path, { ["Content-Type"] = "application/json", ["webhook-id"] = ids[sent] }, bodies[sent])
end

function response(status, headers, body)
    answered = answered + 1
    if answered >= enough then wrk.thread:stop() end
end
