-- A card's mana abilities when an effect changed its land types (212.6e; mana.lua's abilities_of):
-- a land whose land type an effect set or added and no effect granted abilities has a list made of
-- its definition's, its marks and its basic land types alone, remembered by those (issue 27's
-- speed: payments read a source's list at every look, ~39 K instructions to make it anew). The list
-- read is the one those make: copies of one definition with other types or other marks (set: its
-- own abilities lost; added: kept) read their own; a land whose type changes again reads the new
-- one; granted abilities are listed after its own, and the summaries the count reads follow.
local H = require("helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")

-- what the list's mana abilities make, in order ("{1} {U}")
local function makes(list)
  local out = {}
  for k = 1, #list do
    local a = list[k]
    if a.mana then out[#out + 1] = a.mana.text end
  end
  return table.concat(out, " ")
end

local VAULT = arbiter.card{ name = "Vault", types = { "Land" }, activated = { { cost = "{T}", mana = "{1}" } } }

describe("a changed land's mana abilities, remembered by definition, marks and land types (212.6e)", function()
  it("reads the list its marks and basic land types make, and the same list again", function()
    local g, ann = H.game()
    local v = {}
    for i = 1, 5 do v[i] = g:create(VAULT, { owner = ann, zone = "battlefield" }) end
    g:add_static{ affects = v[1], subtypes = { "Swamp" } }          -- set: its own lost
    g:add_static{ affects = v[2], add_subtypes = { "Island" } }     -- added: its own kept
    g:add_static{ affects = v[3], subtypes = { "Island" } }         -- the same types as v[2], set
    g:add_static{ affects = v[4], subtypes = { "Island" } }
    g:add_static{ affects = v[4], activated = { { cost = "{T}", mana = "{G}" } } }   -- granted
    local of = I._abilities_of
    assert.equal("{B}", makes(of[v[1]]))
    assert.equal("{1} {U}", makes(of[v[2]]))
    assert.equal("{U}", makes(of[v[3]]))
    assert.equal("{U} {G}", makes(of[v[4]]))
    assert.equal("{1}", makes(of[v[5]]))
    assert.is_true(rawequal(of[v[1]], of[v[1]]))                   -- remembered
    assert.is_true(rawequal(of[v[3]], of[v[3]]))
    assert.is_false(rawequal(of[v[2]], of[v[3]]))                  -- other marks: another list
    g:add_static{ affects = v[1], subtypes = { "Forest" } }         -- a later type: its list now
    assert.equal("{G}", makes(of[v[1]]))
    assert.equal("{U}", makes(of[v[3]]))
    for i = 1, 5 do                                                 -- the count's summaries follow
      assert.equal(I._list_code(of[v[i]]), I._list_code(of[v[i]]))
    end
    local t = I._available(g, ann)
    assert.same(I._available_lua(g, ann), t)
    assert.equal(5, t.total)
    assert.equal(1, t.green)            -- v[1]'s Forest; v[3]'s Island; v[4]'s {U} or {G}: a choice
    assert.equal(1, t.blue)
    assert.equal(1, t.xg)
  end)
end)
