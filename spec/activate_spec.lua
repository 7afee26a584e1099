-- Activated abilities (406), mana abilities (406.1), {T} and summoning sickness (502.5b),
-- illegal actions reversed (422.1, 422.2).
local H = require("spec.helpers")
local arbiter = H.arbiter

local function basic(name) return arbiter.card{ name = name, types = { "Land" }, subtypes = { name }, supertypes = { "Basic" } } end
local mountain = basic("Mountain")

local sorcerer = arbiter.card{ name = "Prodigal Sorcerer", types = { "Creature" }, power = 1, toughness = 1,
  cost = "{2}{U}",
  activated = { { cost = "{T}", targets = { "creature or player" },
    effect = function(obj, g, source) if obj.targets[1] then g:damage(source, obj.targets[1], 1) end end } } }

describe("activated abilities (406)", function()
  it("go on the stack as ability objects and resolve when all pass", function()
    local g, ann, bob = H.game()
    local s = g:create(sorcerer, { owner = ann, zone = "battlefield" })
    local o = g:activate(ann, s, 1, { targets = { bob } })
    assert.same({ "ability", s, ann, 1, bob }, { o.kind, o.card, o.controller, o.ability, o.targets[1] })
    assert.is_true(s.tapped)
    assert.equal(o, g:stack_objects()[1])
    assert.equal(1, #H.events(g, "activate"))
    assert.equal(20, bob.life)
    g:settle()
    assert.equal(19, bob.life)
    assert.equal(0, #g:stack_objects())
  end)

  it("{T} needs the creature to have been controlled since the turn began, or haste (502.5b)", function()
    local g, ann, bob = H.game()
    local s = g:create(sorcerer, { owner = ann, zone = "battlefield", sick = true })
    local before = g:state_hash()
    assert.error_matches(function() g:activate(ann, s, 1, { targets = { bob } }) end, "summoning sickness.*502.5b")
    assert.equal(before, g:state_hash())
    s:grant("haste")
    g:activate(ann, s, 1, { targets = { bob } })
    g:settle()
    assert.equal(19, bob.life)
    assert.error_matches(function() g:activate(ann, s, 1, { targets = { bob } }) end, "is tapped")
  end)

  it("bad input names the argument and the rule, and changes nothing", function()
    local g, ann, bob = H.game()
    local s = g:create(sorcerer, { owner = ann, zone = "battlefield" })
    local before = g:state_hash()
    assert.error_matches(function() g:activate(bob, s, 1) end, "#2 to 'activate'.*not a permanent Bob controls")
    assert.error_matches(function() g:activate(ann, s, 2) end, "#3 to 'activate'.*no activated ability 2")
    assert.error_matches(function() g:activate(ann, s, "1") end, "#3 to 'activate'")
    assert.error_matches(function() g:activate(ann, s, 1, { targets = {} }) end, "#4 to 'activate'.*needs 1 target")
    assert.error_matches(function() g:activate(ann, s, 1, { targets = { bob, ann } }) end, "needs 1 target")
    assert.error_matches(function() g:activate(ann, s, 1, { targets = { g.exile } }) end, "#4 to 'activate'.*not a legal")
    assert.error_matches(function() g:activate(ann, s, 1, { targets = { bob }, x = 2 }) end, "no {X}")
    assert.equal(before, g:state_hash())
    assert.error_matches(function() arbiter.card{ name = "B", types = { "Artifact" }, activated = { { cost = "{Q}" } } } end,
      "activated%[1%]: cost")
    assert.error_matches(function() arbiter.card{ name = "B", types = { "Artifact" },
      activated = { { cost = "{T}", mana = "{G}", targets = { "player" } } } } end, "406.1")
  end)

  it("at most 255 activated abilities: more is an error naming the card; 255 all work", function()
    local acts = {}
    for i = 1, 256 do acts[i] = { cost = "{0}", effect = function(obj) obj.controller.life = i end } end
    assert.error_matches(function() arbiter.card{ name = "Many", types = { "Artifact" }, activated = acts } end,
      "Many: at most 255 activated abilities, got 256")
    acts[256] = nil
    local g, ann = H.game()
    local c = g:create(arbiter.card{ name = "Many", types = { "Artifact" }, activated = acts },
      { owner = ann, zone = "battlefield" })
    g:activate(ann, c, 255)
    g:settle()
    assert.equal(255, ann.life)
  end)

  it("a Lua pay pays other costs; its error makes the activation illegal, undone (422)", function()
    local g, ann = H.game()
    local def = arbiter.card{ name = "Altar", types = { "Artifact" }, activated = {
      { cost = "{0}", pay = function(obj, game) if not game:pay_life(obj.controller, 5) then error("not enough life") end end,
        effect = function(obj, game) game:draw(obj.controller) end } } }
    H.deck(g, ann, 3)
    local c = g:create(def, { owner = ann, zone = "battlefield" })
    g:activate(ann, c, 1)
    assert.equal(15, ann.life)
    g:settle()
    assert.equal(1, #ann.hand)
    ann.life = 3
    local before = g:state_hash()
    assert.error_matches(function() g:activate(ann, c, 1) end, "not enough life")
    assert.equal(before, g:state_hash())
    assert.equal(0, #g:stack_objects())
  end)

  it("a mana ability doesn't use the stack; it is played while paying a cost", function()
    local g, ann = H.game()
    local elf = g:create(arbiter.card{ name = "Llanowar Elves", types = { "Creature" }, power = 1, toughness = 1,
      activated = { { cost = "{T}", mana = "{G}" } } }, { owner = ann, zone = "battlefield" })
    assert.is_nil(g:activate(ann, elf, 1))
    assert.equal(1, ann.mana.green)
    assert.equal(0, #g:stack_objects())
    local sick = g:create(arbiter.card{ name = "Llanowar Elves", types = { "Creature" }, power = 1, toughness = 1,
      activated = { { cost = "{T}", mana = "{G}" } } }, { owner = ann, zone = "battlefield", sick = true })
    assert.error_matches(function() g:activate(ann, sick, 1) end, "summoning sickness")
    -- a sick mana creature isn't a source for payments either
    local c = g:create(arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2, cost = "{G}{G}" },
      { owner = ann, zone = "hand" })
    assert.error_matches(function() g:cast(ann, c) end, "can't pay {G}{G}")
  end)
end)

describe("422: an illegal cast or activation is reversed as a whole", function()
  -- a land whose mana ability also draws a card: the draw (out of a library) stands (422.1)
  local library_land = arbiter.card{ name = "Library Spring", types = { "Land" },
    activated = { { cost = "{T}", mana = "{U}", effect = function(obj, g) g:draw(obj.controller) end } } }
  local mill_land = arbiter.card{ name = "Mill Spring", types = { "Land" },
    activated = { { cost = "{T}", mana = "{U}", effect = function(obj, g)
      local top = obj.controller.library:top()
      if top then g:move(top, "graveyard") end end } } }
  local big = arbiter.card{ name = "Big Spell", types = { "Sorcery" }, cost = "{U}{U}{U}" }

  it("from a host: raises naming the rule; everything undone but moves out of a library (422.1)", function()
    local g, ann = H.game()
    local cards = H.deck(g, ann, 5)
    local l1 = g:create(library_land, { owner = ann, zone = "battlefield" })
    local l2 = g:create(mill_land, { owner = ann, zone = "battlefield" })
    local spell = g:create(big, { owner = ann, zone = "hand" })
    local triggered = 0
    g:trigger{ event = "draw", controller = ann, effect = function() triggered = triggered + 1 end }
    assert.error_matches(function() g:cast(ann, spell) end, "can't pay {U}{U}{U}.*407")
    assert.equal("hand", spell.zone)                        -- the spell is back where it came from
    assert.same({ false, false }, { l1.tapped, l2.tapped }) -- payments cancelled
    assert.equal(0, ann.mana.blue)
    assert.equal("hand", cards[1].zone)                     -- the draw stands
    assert.equal("graveyard", cards[2].zone)                -- the mill stands
    assert.equal(3, #ann.library)
    g:settle()
    assert.equal(0, triggered)                              -- nothing triggered
    assert.equal(0, #H.events(g, "mana"))
  end)

  it("from an agent: the player keeps priority and is asked again (422.2)", function()
    local g, ann, bob = H.game()
    g:create(mountain, { owner = ann, zone = "battlefield" })
    local bolt = g:create(arbiter.card{ name = "Bolt", types = { "Instant" }, cost = "{R}", targets = { "player" },
      resolve = function(obj, game, src) game:damage(src, obj.targets[1], 3) end }, { owner = ann, zone = "hand" })
    local answers, retries = { { cast = bolt, targets = { bob, ann } }, { cast = bolt, targets = { bob } } }, {}
    local k = 0
    g:set_agent(ann, { priority = function(_, _, ctx)
      k = k + 1
      retries[k] = ctx.retry and ctx.retry.error or false
      return answers[k]
    end })
    g:settle()
    assert.equal(17, bob.life)
    assert.is_false(retries[1])
    assert.matches("needs 1 target", retries[2])
    assert.equal(2, k)            -- then nothing left to cast: not asked again (no instant in hand)
  end)

  it("an agent that keeps answering illegally gets an error naming its answer", function()
    local g, ann = H.game()
    local c = g:create(arbiter.card{ name = "Bolt", types = { "Instant" }, cost = "{R}" }, { owner = ann, zone = "hand" })
    g:set_agent(ann, { priority = function() return { cast = c } end })
    local before = g:state_hash()
    assert.error_matches(function() g:settle() end, "agent of Ann answered priority illegally 8 times.*{cast = Bolt#%d+}.*422.2")
    assert.equal(before, g:state_hash())
    g:set_agent(ann, { priority = function() return "bolt" end })
    assert.error_matches(function() g:settle() end, "last answer \"bolt\": not an action")
  end)
end)

describe("timing (116)", function()
  it("inside a turn: sorcery-speed spells only in the caster's main phase with an empty stack", function()
    local g, ann, bob = H.game()
    g:create(mountain, { owner = ann, zone = "battlefield" })
    g:create(mountain, { owner = bob, zone = "battlefield" })
    local s = g:create(arbiter.card{ name = "Sorc", types = { "Sorcery" }, cost = "{R}" }, { owner = ann, zone = "hand" })
    local i = g:create(arbiter.card{ name = "Inst", types = { "Instant" }, cost = "{R}" }, { owner = bob, zone = "hand" })
    g:begin_turn(ann)
    g:upkeep_step()
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, s) end, "#2 to 'cast'.*main phase with an empty stack %(116")
    assert.equal(before, g:state_hash())
    g:cast(bob, i)                                         -- an instant: any time (a host stands in)
    assert.equal("stack", i.zone)
  end)
end)
