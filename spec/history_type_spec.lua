-- g:history(from, type) (csrc/laction.c): only the events of that type become tables, the others
-- compared in C. It gives what filtering the whole g:history(from) by ev.type gives: the same
-- events, in order, with the same fields (a named event's type is its name; `last` on a departure
-- from the battlefield), from any start.
local H = require("spec.helpers")

local function same(a, b)
  assert.equal(#a, #b)
  for i = 1, #a do
    for k, v in pairs(a[i]) do
      if k == "last" then assert.equal(v.name, b[i][k].name) else assert.equal(v, b[i][k]) end
    end
    for k in pairs(b[i]) do assert.is_not_nil(a[i][k]) end
  end
end

local function filtered(g, from, ty)
  local out = {}
  for _, ev in ipairs(g:history(from)) do if ev.type == ty then out[#out + 1] = ev end end
  return out
end

describe("g:history(from, type)", function()
  it("gives the events of that type as filtering the whole history does", function()
    local g, ann, bob = H.game()
    g:declare_event("mire")
    local a = g:create(H.bear, { owner = ann, zone = "battlefield" })
    local b = g:create(H.bear, { owner = bob, zone = "battlefield" })
    g:damage(a, bob, 2)
    g:emit("mire", { card = a, source = b, amount = 3 })
    g:damage(b, a, 1)
    g:destroy(b)
    g:emit("mire", { card = b, source = a, amount = 4 })
    g:gain_life(ann, 1)
    local n, kinds = g:history_length(), {}
    for _, ev in ipairs(g:history()) do kinds[ev.type] = true end
    assert.is_true(kinds.mire and kinds.damage and kinds.zone_change and true)
    kinds.nothing_of_the_kind = true
    for ty in pairs(kinds) do
      for _, from in ipairs({ -5, 1, 2, 3, n - 2, n, n + 1 }) do
        same(filtered(g, from, ty), g:history(from, ty))
      end
    end
    assert.equal(2, #g:history(1, "mire"))
    assert.equal(0, #g:history(n + 1, "mire"))
  end)

  it("refuses a type that is not a string", function()
    local g = H.game()
    assert.has_error(function() return g:history(1, {}) end)
  end)
end)
