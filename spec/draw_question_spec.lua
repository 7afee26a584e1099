-- A replacement's `applies` question (docs/API.md g:add_replacement; 423.6, 614.5): the event
-- table it gets is the question's, filled again for each question (csrc/lobject.c
-- arb_l_pushquestion), with exactly the fields the event has, whoever draws and whatever was
-- asked before; an `applies` that acts gets its own questions' tables.
local H = require("helpers")

local function fields(ev)   -- a copy, keys sorted: what the question showed
  local keys, out = {}, {}
  for k in pairs(ev) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do out[#out + 1] = k .. "=" .. tostring(ev[k]) end
  return table.concat(out, " ")
end

describe("a replacement's applies question (423.6)", function()
  it("each draw's question shows that draw: type, player, from, to, turn, nothing more", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 3)
    H.deck(g, bob, 3)
    local seen = {}
    g:add_replacement{ event = "draw", applies = function(ev) seen[#seen + 1] = fields(ev); return false end,
      replace = function() end }
    g:draw(ann, 2)
    g:draw(bob)
    local function want(p)
      return "from=library player=" .. tostring(p) .. " to=hand turn=" .. g.turn .. " type=draw"
    end
    assert.are.same({ want(ann), want(ann), want(bob) }, seen)
    assert.are.equal(2, #ann.hand)
    assert.are.equal(1, #bob.hand)
  end)

  it("a question after one of another shape shows only its own keys", function()
    local g, ann = H.game()
    H.deck(g, ann, 3)
    local seen = {}
    local function ask(ev) seen[#seen + 1] = fields(ev); return false end
    g:add_replacement{ event = "draw", applies = ask, replace = function() end }
    g:add_replacement{ event = "life", applies = ask, replace = function() end }
    g:draw(ann)
    g:gain_life(ann, 2)
    g:draw(ann)
    assert.are.equal("amount=2 player=" .. tostring(ann) .. " turn=" .. g.turn .. " type=life", seen[2])
    assert.are.equal(seen[1], seen[3])
    assert.are.equal(22, ann.life)
  end)

  it("an applies that draws gets its own questions; its own question stays as it was", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 3)
    H.deck(g, bob, 3)
    local inner, outer_after = {}, nil
    g:add_replacement{ event = "draw", applies = function(ev, game)
      if ev.player == ann and #inner == 0 then
        game:draw(bob)                              -- a question inside this question
        outer_after = fields(ev)
      else
        inner[#inner + 1] = fields(ev)
      end
      return false
    end, replace = function() end }
    g:draw(ann)
    assert.are.equal("from=library player=" .. tostring(bob) .. " to=hand turn=" .. g.turn .. " type=draw", inner[1])
    assert.are.equal("from=library player=" .. tostring(ann) .. " to=hand turn=" .. g.turn .. " type=draw", outer_after)
    assert.are.equal(1, #ann.hand)
    assert.are.equal(1, #bob.hand)
  end)

  -- The question's table is kept and filled again: a key its `applies` (or an agent it asks)
  -- added, or a key it removed and one it added, must not reach the next question.
  it("a key an applies adds (or swaps for one it removes) doesn't reach the next question", function()
    local g, ann = H.game()
    H.deck(g, ann, 6)
    local seen, tables, n = {}, {}, 0
    g:add_replacement{ event = "draw", applies = function(ev)
      n = n + 1
      seen[#seen + 1] = fields(ev)
      tables[ev] = true
      if n == 1 then ev.noted = true                          -- added
      elseif n == 3 then ev.to = nil; ev.seen_by = "x" end   -- removed and added: as many keys
      return false
    end, replace = function() end }
    g:draw(ann, 5)
    local want = "from=library player=" .. tostring(ann) .. " to=hand turn=" .. g.turn .. " type=draw"
    assert.are.same({ want, want, want, want, want }, seen)
    local kept = 0
    for _ in pairs(tables) do kept = kept + 1 end
    assert.is_true(kept <= 3, kept .. " tables for 5 questions")   -- the table is still reused
  end)

  -- One table kept per shape of event (the keys it has): questions about events of other
  -- shapes in turn each get their shape's table filled again, showing their own event's keys
  -- only; a key added to any kept table drops them all.
  it("questions of shapes in turn: each shape's table filled again, its own keys only", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 6)
    local seen, tables, n = {}, {}, 0
    local function ask(ev)
      n = n + 1
      seen[#seen + 1] = fields(ev)
      tables[ev] = true
      return false
    end
    g:add_replacement{ event = "draw", applies = ask, replace = function() end }
    g:add_replacement{ event = "life", applies = ask, replace = function() end }
    g:add_replacement{ event = "damage", applies = ask, replace = function() end }
    for _ = 1, 3 do
      g:draw(ann)
      g:gain_life(bob, 1)
      g:damage(nil, ann, 1)
    end
    local turn = " turn=" .. g.turn
    local draw = "from=library player=" .. tostring(ann) .. " to=hand" .. turn .. " type=draw"
    local life = "amount=1 player=" .. tostring(bob) .. turn .. " type=life"
    local damage = "amount=1 target=" .. tostring(ann) .. turn .. " type=damage"
    assert.are.same({ draw, life, damage, draw, life, damage, draw, life, damage }, seen)
    local kept = 0
    for _ in pairs(tables) do kept = kept + 1 end
    assert.are.equal(3, kept)                       -- one per shape, each filled again
    -- a key added to one: every question after it gets a new table, none shows the key
    local added = false
    g:add_replacement{ event = "life", applies = function(ev)
      if not added then added = true; ev.noted = true end
      return false
    end, replace = function() end }
    seen = {}
    g:gain_life(bob, 1)                             -- (asked of both life replacements)
    g:draw(ann)
    g:gain_life(bob, 1)
    assert.are.same({ life, draw, life }, seen)
    assert.are.equal(25, bob.life)
  end)

  it("the replacement that applies gets its own event to change (replace)", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 2)
    local bdeck = H.deck(g, bob, 2)
    local asked = {}
    g:add_replacement{ event = "draw", applies = function(ev) asked[#asked + 1] = ev; return ev.player == ann end,
      replace = function(ev) ev.player = bob; return ev end }
    assert.are.same({ bdeck[1] }, g:draw(ann))
    assert.is_true(asked[1] ~= nil)
    assert.are.equal(ann, asked[#asked].player)   -- the question is not the event replace changed
  end)
end)

-- A trigger's condition gets the question's table too (csrc/lhooks.c h_condition): filled again
-- for each condition asked, it must show exactly the event's fields, as an observer of the same
-- event sees them in a table of its own, whatever shape the last question had (whole Alpha
-- games: every kind of event, zone changes out of the battlefield with their `last`, named
-- events, the set's own conditions and replacements' questions asked between).
describe("a trigger's condition (410.10: the event that triggers it)", function()
  local arbiter = H.arbiter
  local _, set_game = dofile("bench/game_decks.lua")(arbiter, "")
  -- a copy of ev: its keys, and its values as they are (a card by identity, not its name now; a
  -- table value by its type: `last` is made per read)
  local function shown(ev)
    local out = {}
    for k, v in pairs(ev) do out[k] = type(v) == "table" and "table" or v end
    return out
  end

  it("each condition's event shows that event's fields, no more, across whole games", function()
    local kinds = { "zone_change", "tap", "untap", "damage", "life", "step", "draw", "cast", "mana", "attach",
      "counter", "discard", "destroy" }
    local asked, types = 0, {}
    for seed = 1, 3 do
      local g = set_game("alpha", seed)
      local seen, observed = {}, {}
      for _, kind in ipairs(kinds) do
        g:on(kind, function(ev) observed[kind] = shown(ev) end)   -- first: notified in that order
        for _ = 1, 2 do      -- two conditions per event: the second gets the table filled again
          g:trigger{ event = kind, controller = g.players[1], effect = function() end,
            condition = function(ev)
              seen[#seen + 1] = { observed[kind], shown(ev) }
              return false
            end }
        end
      end
      g:play{ max_turns = 12 }
      for _, s in ipairs(seen) do
        assert.are.same(s[1], s[2])
        types[s[2].type] = true
        asked = asked + 1
      end
    end
    assert.is_true(asked > 300, asked)
    for _, kind in ipairs({ "zone_change", "tap", "damage", "step", "draw", "cast", "mana" }) do
      assert.is_true(types[kind], kind)
    end
  end)
end)
