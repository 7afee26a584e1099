-- Upkeep triggers in declared form (docs/API.md g:trigger: turn = a player, step = "upkeep") against the
-- function forms they replaced: Black Vise ("the chosen player's upkeep": turn = that player), Cyclopean
-- Tomb's upkeeps after it is gone (turn = its controller then), Nether Shadow ("your upkeep" from the
-- graveyard: step = "upkeep"). Each card's former text is its file with the declared fields put back as
-- the conditions they were; whole random Alpha games with those cards in both decks must be the same game.
local H = require("helpers")
local arbiter = H.arbiter
local _, set_game, set_decks = dofile("bench/game_decks.lua")(arbiter, "")

local DIR = "lua/arbiter/sets/alpha/"
-- the card file with each declared form replaced by its former condition (plain text substitutions)
local FORMER = {
  black_vise = { { 'turn = g.players[chosen],',
    'condition = function(_, game) return game:is_active(game.players[chosen]) end,' } },
  cyclopean_tomb = { { 'turn = you,', 'condition = function(_, g) return g:is_active(g.players[seat]) end,' } },
  nether_shadow = { { 'step = "upkeep", zone = "graveyard"', 'zone = "graveyard"' } },
}

local function former(file)
  local f = assert(io.open(DIR .. file .. ".lua"))
  local src = f:read("*a")
  f:close()
  for _, sub in ipairs(FORMER[file]) do
    local at = assert(src:find(sub[1], 1, true), file .. ": " .. sub[1])
    src = src:sub(1, at - 1) .. sub[2] .. src:sub(at + #sub[1])
  end
  return assert(require("arbiter.compat").load(src, "=" .. file .. " (former)"))()
end

describe("declared upkeep triggers (410) against their former conditions (Black Vise, Cyclopean Tomb, Nether Shadow)",
  function()
  local files = { "black_vise", "cyclopean_tomb", "nether_shadow" }
  local now, was = {}, {}
  for _, file in ipairs(files) do
    now[file] = require("arbiter.sets.alpha." .. file)
    was[file] = former(file)
  end

  local function is_land(def)
    for _, t in ipairs(def.types) do if t == "Land" then return true end end
    return false
  end

  -- seed's random decks with the first non-land cards of each replaced by the three cards (two of each)
  local function decks_with(seed, defs)
    local decks = set_decks("alpha", seed)
    for _, deck in ipairs(decks) do
      local k = 0
      for i, def in ipairs(deck) do
        if k < 2 * #files and not is_land(def) then
          k = k + 1
          deck[i] = defs[files[(k - 1) % #files + 1]]
        end
      end
    end
    return decks
  end

  -- the game played, counting the three triggers' resolutions (their effects wrapped as registered)
  local methods = require("arbiter.core").game_methods()
  local function played(seed, defs)
    local n = { ["Black Vise"] = 0, ["Cyclopean Tomb"] = 0, ["Nether Shadow"] = 0 }
    local trigger = methods.trigger
    rawset(methods, "trigger", function(g, spec)
      local name = type(spec) == "table" and spec.event == "step" and spec.name
      if n[name] then
        local key = spec.resolve and "resolve" or "effect"
        local fn, counted = spec[key], setmetatable({}, { __index = spec })
        counted[key] = function(...) n[name] = n[name] + 1; return fn(...) end
        spec = counted
      end
      return trigger(g, spec)
    end)
    local ok, g = pcall(function()
      local game = set_game("alpha", seed, decks_with(seed, defs))
      -- each player's graveyard: a Tomb gone from the battlefield (its upkeeps begin), then a Shadow
      -- with three creature cards above it
      local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }
      for _, p in ipairs(game.players) do
        game:move(game:create(defs.cyclopean_tomb, { owner = p, zone = "battlefield" }), "graveyard")
        game:create(defs.nether_shadow, { owner = p, zone = "graveyard" })
        for _ = 1, 3 do game:create(bear, { owner = p, zone = "graveyard" }) end
      end
      game:play{ max_turns = 40 }
      return game
    end)
    rawset(methods, "trigger", trigger)
    assert(ok, g)
    return g:state_hash(), g:history_length(), n
  end

  it("the same games, seeds 1-30, with each trigger resolving in some", function()
    local total = { ["Black Vise"] = 0, ["Cyclopean Tomb"] = 0, ["Nether Shadow"] = 0 }
    for seed = 1, 30 do
      local h1, n1, c1 = played(seed, now)
      local h2, n2, c2 = played(seed, was)
      assert.are.equal(h2, h1, "seed " .. seed)
      assert.are.equal(n2, n1, "seed " .. seed)
      assert.are.same(c2, c1, "seed " .. seed)
      for k, v in pairs(c1) do total[k] = total[k] + v end
    end
    for k, v in pairs(total) do assert.is_true(v > 3, k .. " " .. v) end
  end)
end)
