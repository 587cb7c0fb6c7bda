-- wrk script: every request asks for a short link picked at random among the first N seeded
-- ones (b0000000 … b<N-1>, as seed-links spells them), so that landfall's link cache sees the
-- spread of a real link host, not one hot entry.
--
--   wrk -t2 -c64 -d15s -s random-slug.lua http://127.0.0.1:PORT -- N [STRIDE]
--
-- With STRIDE, the N slugs asked are every STRIDE-th seeded one (b0000000, b<STRIDE>, ...):
-- N links spread over a store of N * STRIDE.
--
-- Each wrk thread runs its own copy of this script: `setup` numbers the threads so that
-- their random sequences differ.

local next_thread = 0

function setup(thread)
    next_thread = next_thread + 1
    thread:set("thread_number", next_thread)
end

local count = 1
local stride = 1

function init(args)
    count = tonumber(args[1]) or 0
    if count < 1 or count > 10000000 then
        error("random-slug.lua: give the number of seeded links after --, from 1 to 10000000")
    end
    stride = tonumber(args[2]) or 1
    math.randomseed(os.time() * 1000 + (thread_number or 0))
end

function request()
    return wrk.format("GET", string.format("/b%07d", math.random(0, count - 1) * stride))
end
