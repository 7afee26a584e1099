-- Colors of spells and "spell or permanent" targets (issue 26 item 3; 213.2, 213.5, 413, 418.5):
-- a spell's characteristics are its card's, changed by effects on the stack; an effect that
-- changed a spell goes on applying to the permanent it becomes, and to nothing else.
local K = require("spec.sets.alpha.kit")
local arbiter = K.arbiter

local function redden(obj, g) g:add_static{ affects = obj.targets[1], colors = "red" } end
local lace = arbiter.card{ name = "Test Lace", types = { "Instant" }, cost = "{0}",
  targets = { "spell or permanent" }, resolve = redden }

describe("spell colors (213.2, 213.5, 413, 418.5)", function()
  it("a spell's colors read through its card; an effect on it ends when it is countered (213.5 needs a permanent)", function()
    local g, ann, bob = K.game()
    K.main_phase(g)
    local bears = K.hand(g, "Grizzly Bears", ann)
    K.lands(g, ann, "GG")
    local obj = g:cast(ann, bears)
    assert.is_true(bears:is("green"))
    g:add_static{ affects = obj, colors = "black" }
    assert.same({ true, false }, { obj.card:is("black"), bears:is("green") })
    g:counter(obj)
    assert.same({ "graveyard", true, false }, { bears.zone, bears:is("green"), bears:is("black") })
    assert.truthy(bob)
  end)

  it("\"spell or permanent\": the candidates are the permanents and the spells, never abilities (413)", function()
    local g, ann = K.game()
    K.main_phase(g)
    local wall = K.bf(g, "Wall of Wood", ann)
    K.lands(g, ann, "R")
    local bolt = K.hand(g, "Lightning Bolt", ann)
    local obj = g:cast(ann, bolt, { targets = { ann } })
    local seen = {}
    g:set_agent(ann, K.agent{ pick = function(what, options)
      if what == "target" then for _, o in ipairs(options) do seen[#seen + 1] = o end end
    end })
    g:cast(ann, g:create(lace, { owner = ann, zone = "hand" }))
    local spells, cards = 0, 0
    for _, o in ipairs(seen) do
      if o == obj then spells = spells + 1 elseif o == wall then cards = cards + 1 end
    end
    assert.same({ 1, 1 }, { spells, cards })
  end)

  it("bad input: an ability on the stack has no colors; a \"spell or permanent\" target has no zone", function()
    local g, ann = K.game()
    local sorcerer = K.bf(g, "Prodigal Sorcerer", ann)
    K.main_phase(g)
    local obj = g:activate(ann, sorcerer, 1, { targets = { ann } })
    local h = g:state_hash()
    assert.has_error(function() g:add_static{ affects = obj, colors = "red" } end,
      "bad argument #1 to 'add_static' (affects: a stack object that is an ability has no characteristics)")
    assert.equal(h, g:state_hash())
    assert.has_error(function()
      arbiter.card{ name = "X", types = { "Instant" }, targets = { { what = "spell or permanent", zone = "graveyard" } } }
    end)
  end)
end)
