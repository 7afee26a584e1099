-- Alpha cards O: each card's main effect and the interaction its text leans on.
local K = require("spec.sets.alpha.kit")

describe("Alpha: Obsianus Golem (artifact creature spells 302, combat damage 502.2)", function()
  it("is cast with {6} of any color; a colorless 4/6 that survives a 3/3 blocker", function()
    local g, ann, bob = K.game()
    K.main_phase(g)
    local golem = K.cast(g, ann, "Obsianus Golem", "WUBRGG")
    g:settle()
    assert.same({ "battlefield", 4, 6, true, true }, { golem.zone, golem.power, golem.toughness,
      golem:is("Artifact"), golem:is("Creature") })
    for _, color in ipairs({ "white", "blue", "black", "red", "green" }) do assert.is_false(golem:is(color)) end
    local giant = K.bf(g, "Hill Giant", bob)
    K.turn(g, ann)
    K.combat(g, { golem }, { [giant] = golem })
    assert.same({ "battlefield", 3, "graveyard" }, { golem.zone, golem.damage, giant.zone })
  end)
end)
