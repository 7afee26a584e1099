-- Alpha cards S: each card's main effect and the interaction its text leans on.
local K = require("spec.sets.alpha.kit")

describe("Alpha: Serra Angel (flying 502.4, vigilance 502.11)", function()
  it("attacks without tapping, and a creature without flying or reach can't block it", function()
    local g, ann, bob = K.game()
    local angel = K.bf(g, "Serra Angel", ann)
    local bear = K.bf(g, "Grizzly Bears", bob)
    K.main_phase(g)
    g:beginning_of_combat()
    g:attack_step({ angel })
    assert.is_false(angel.tapped)
    assert.is_false((g:check_block({ [bear] = angel })))
  end)
end)

describe("Alpha: Swamp (basic land, 305.6)", function()
  it("taps for {B}: it pays a black spell's cost", function()
    local g, ann = K.game()
    local swamp = K.lands(g, ann, "B")[1]
    local spell = K.hand(g, K.arbiter.card{ name = "Test Spell", types = { "Sorcery" }, cost = "{B}",
      resolve = function(_, game, source) game:gain_life(source.controller, 3) end }, ann)
    K.main_phase(g)
    g:cast(ann, spell)
    g:settle()
    assert.is_true(swamp.tapped)
    assert.equal(23, ann.life)
  end)
end)
