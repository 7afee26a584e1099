-- One card computed alone (csrc/characteristics.c, compute_one): while every change since the
-- last computation was of one card (journal.c note_one) and nothing can carry that card's change
-- to another (no host predicate, P/T function or star/star P/T; the card is no effect's source; no
-- filter's effect before the type layer; no layer ordering its effects by dependency, 418.5c),
-- that card alone is computed, the others keeping what the full computation gave them. Whole
-- Alpha games, with their Auras, lords, Castles and animated lands: every permanent must read
-- at every event what the same game with every computation in full (core._full_chars) reads.
local H = require("helpers")
local arbiter = H.arbiter
local core = require("arbiter.core")
local _, set_game = dofile("bench/game_decks.lua")(arbiter, "./")

local TYPES = { "Creature", "Land", "Artifact", "Enchantment", "white", "blue", "black", "red", "green",
  "Forest", "Island", "Mountain", "Plains", "Swamp", "Wall", "Goblin", "Zombie" }
local EVENTS = { "zone_change", "tap", "untap", "damage", "attack", "block", "step", "counter", "control",
  "attach", "unattach", "create" }

-- every permanent's characteristics, one line
local function snapshot(g)
  local out = {}
  for _, p in ipairs(g.players) do
    for _, c in ipairs(g:permanents(p)) do
      local is = {}
      for i, t in ipairs(TYPES) do if c:is(t) then is[#is + 1] = i end end
      out[#out + 1] = table.concat({ c.id, c.controller.name, tostring(c.power), tostring(c.toughness),
        table.concat(is, ","), table.concat(c:abilities(), ",") }, "/")
    end
  end
  return table.concat(out, ";")
end

-- the game of that seed, every permanent read at every event of those types
local function play(seed, full)
  local g = set_game("alpha", seed)
  if full then core._full_chars(g, true) end
  local seen = {}
  for _, t in ipairs(EVENTS) do g:on(t, function() seen[#seen + 1] = snapshot(g) end) end
  local r = g:play{ max_turns = 400 }
  seen[#seen + 1] = table.concat({ g:state_hash(), g:history_length(), g.turn,
    r and (r.draw and "draw" or r.winner.name) or "none" }, " ")
  return seen
end

describe("one card computed alone (418.5: the same characteristics as the full computation)", function()
  -- 418.5c: "artifacts are creatures" depends on the newer "every permanent is an artifact": the
  -- newer applies first, so a land entering becomes an artifact creature; in timestamp order it
  -- would be no creature. Dependency is tested over every card: such a layer is computed in full.
  it("a layer whose effects wait on each other (418.5c): a card entering reads as computed in full", function()
    local land = arbiter.card{ name = "Waste", types = { "Land" } }
    local function run(full)
      local g, ann = H.game()
      if full then core._full_chars(g, true) end
      local src = g:create(land, { owner = ann, zone = "battlefield" })
      g:add_static{ source = src, affects = { is = "Artifact" }, types = { "Creature" }, set_power = 1,
        set_toughness = 1 }
      g:add_static{ types = { "Artifact" } }
      local x = g:create(land, { owner = ann, zone = "hand" })
      assert.is_false(x:is("Creature"))
      g:move(x, "battlefield")
      return { x:is("Artifact"), x:is("Creature"), x.power, src:is("Creature") }
    end
    assert.are.same(run(true), run(false))
    assert.are.same({ true, true, 1, true }, run(false))
  end)

  it("whole Alpha games: every permanent at every event reads as with every computation in full", function()
    for seed = 1, 4 do
      local one, full = play(seed, false), play(seed, true)
      assert.are.equal(#full, #one, "seed " .. seed)
      for i = 1, #full do assert.are.equal(full[i], one[i], ("seed %d, event %d"):format(seed, i)) end
    end
  end)
end)
