-- arbiter.installer's record of a stay (carddef.lua): one table is both what the wrapper
-- remembers of the stay (its history length and handles) and the undo of that setting (422:
-- t[id] = old). Called again in the same stay it gives the same handles; a failed action's
-- install is undone with it, so the card's next entry installs afresh; each stay its own.
local H = require("helpers")
local arbiter = H.arbiter

local function counting_rod()
  local installs = 0
  local def = arbiter.card{ name = "Rod", types = { "Artifact" },
    install = arbiter.installer(function(g, card)
      installs = installs + 1
      return g:trigger{ event = "tap", controller = card.controller, source = card, effect = function() end,
        condition = function(ev, game, src)
          if ev.card == src then game:emit("rod seen", {}) end
          return false
        end }
    end) }
  return def, function() return installs end
end

-- how many of the card's triggers see its own tap
local function watchers(g, c)
  local n = 0
  local h = g:on("rod seen", function() n = n + 1 end)
  c:tap(); c:untap()
  g:off(h)
  return n
end

describe("arbiter.installer's record of a stay (217.1c: each entry a new object; 422)", function()
  it("the same stay: the same handles, one registration", function()
    local g, ann = H.game()
    g:declare_event("rod seen")
    local def, installs = counting_rod()
    local c = g:create(def, { owner = ann, zone = "battlefield" })
    local h = def.install(g, c)
    assert.are.equal(h, def.install(g, c))
    assert.are.same({ 1, 1 }, { installs(), watchers(g, c) })
    g:move(c, "hand"); g:move(c, "battlefield")             -- a new stay: installed again
    assert.are.same({ 2, 1 }, { installs(), watchers(g, c) })
    assert.are_not.equal(h, def.install(g, c))
  end)

  it("undone with a failed action (422): the next entry installs again", function()
    local g, ann = H.game()
    g:declare_event("rod seen")
    local def, installs = counting_rod()
    local c = g:create(def, { owner = ann, zone = "hand" })
    local ok = g:attempt(function(game)
      game:move(c, "battlefield")
      error("fails after the entry")
    end)
    assert.is_false(ok)
    assert.are.same({ "hand", 1 }, { c.zone, installs() })
    g:move(c, "battlefield")
    assert.are.same({ 2, 1 }, { installs(), watchers(g, c) })
    local h = def.install(g, c)                              -- this stay's record, not the undone one
    assert.are.equal(h, def.install(g, c))
    assert.are.same({ 2, 1 }, { installs(), watchers(g, c) })
  end)
end)
