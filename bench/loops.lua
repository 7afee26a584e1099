-- bench/loops.lua — what finding loops (421, csrc/infinity.c) costs a settle. Two cascades of
-- mandatory triggered abilities run to the settle_rounds limit (a 421.4 draw): a flat one (each
-- resolution gains 1 life and triggers the ability once again: the stack stays one high, the
-- state never repeats) and a growing one (each resolution triggers it twice: the stack grows
-- by one per round). Every priority moment may be a repeat, so the flat one is hashed at each
-- round; a state with a stack larger than ever before can't repeat an earlier one, so the
-- growing one isn't (it hashed the whole game each round before, the stack included: quadratic).
-- Prints the growing cascade's cost against the flat one of the same length (same run), and
-- each against itself at a quarter of the length (4.0 = linear in the rounds).
-- usage: lua5.4 bench/loops.lua [--quick] [--reps N]
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local arbiter = B.arbiter
local opt = B.options()
local N = opt.quick and 2000 or 8000

local bear = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, power = 2, toughness = 2 }

local function cascade(rounds, copies)
  return function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local ann = g.players[1]
    g:set_limits{ settle_rounds = rounds }
    for _ = 1, 20 do g:create(bear, { owner = ann, zone = "battlefield" }) end
    g:declare_event("ping")
    g:trigger{ event = "ping", controller = ann, effect = function(_, game)
      if copies == 1 then game:gain_life(ann, 1) end
      for _ = 1, copies do game:emit("ping", {}) end
    end }
    g:emit("ping", {})
    return g
  end
end

local function settle(g)
  g:settle()
  assert(g:result() and g:result().draw, "the cascade ends in a draw (421.4)")
end

local Q = math.floor(N / 4)
local grow, flat = B.time_vs(opt.reps, cascade(N, 1), settle, cascade(N, 2), settle)
local grow_n, grow_q = B.time_vs(opt.reps, cascade(Q, 2), settle, cascade(N, 2), settle)
local flat_n, flat_q = B.time_vs(opt.reps, cascade(Q, 1), settle, cascade(N, 1), settle)
print(string.format("loops: cascades of %d rounds to the limit (best of %d)", N, opt.reps))
print(string.format("  growing stack vs flat stack, same length: %.2fx", grow / flat))
print(string.format("  growing, %d vs %d rounds: %.1fx (4.0 = linear)", N, Q, grow_n / grow_q))
print(string.format("  flat,    %d vs %d rounds: %.1fx", N, Q, flat_n / flat_q))
