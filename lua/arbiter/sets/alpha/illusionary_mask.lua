-- Illusionary Mask {2} (Artifact)
-- Oracle: "{X}: You may choose a creature card in your hand whose mana cost could be paid by some amount of, or
--   all of, the mana you spent on X. If you do, you may cast that card face down as a 2/2 creature spell without
--   paying its mana cost. If the creature that spell becomes as it resolves has not been turned face up and would
--   assign or deal damage, be dealt damage, or become tapped, instead it's turned face up and assigns or deals
--   damage, is dealt damage, or becomes tapped. Activate this ability only any time you could cast a sorcery."
-- Leans on: the mana spent on X (obj.x_spent, arbiter.could_pay_with); face-down spells and
--   permanents (504: g:cast's face_down and without_paying, g:turn_face_up); replacement effects
--   (the era's 419.6: "tap", "damage", and the declared "assign combat damage" event, 502.2);
--   sorcery timing of an activated ability (403.4-style "activate only ...")
-- The creatures its spells became are kept by id in the game's store (plain data a clone copies)
-- until each is turned face up or leaves the stack or the battlefield; the replacements and
-- observers are registered once per game and read that list, so nothing holds a game or card.
local arbiter = require("arbiter")
local core = require("arbiter.core")

local NONE = {}                               -- X was 0: no mana spent on it (obj.x_spent is nil)
local KEY = "Illusionary Mask"               -- g:store: { [card id] = true } of the masked creatures
local ASSIGN = "assign combat damage"        -- lua/arbiter/combat_damage.lua's event
local ORACLE = "{X}: You may choose a creature card in your hand whose mana cost could be paid by some amount "
  .. "of, or all of, the mana you spent on X. If you do, you may cast that card face down as a 2/2 creature "
  .. "spell without paying its mana cost. If the creature that spell becomes as it resolves has not been turned "
  .. "face up and would assign or deal damage, be dealt damage, or become tapped, instead it's turned face up "
  .. "and assigns or deals damage, is dealt damage, or becomes tapped. Activate this ability only any time you "
  .. "could cast a sorcery."

local function set_masked(game, c, on)
  local m = game:store(KEY) or {}
  if (m[c.id] == true) == on then return end
  m[c.id] = on or nil
  game:store(KEY, m)
end

-- c is a face-down permanent one of the Mask's spells became, not turned face up since
local function masked(game, c)
  if core.kind(c) ~= "card" or not c.face_down or c.zone ~= "battlefield" then return false end
  local m = game:store(KEY)
  return m ~= nil and m[c.id] == true
end

-- the masked creatures an event would happen to (a tap, its assignment: ev.card; damage: its
-- source and what it is dealt to)
local function involved(ev, game)
  local out = {}
  if masked(game, ev.card) then out[1] = ev.card end     -- (a damage event's card is its source)
  if ev.type == "damage" and ev.target ~= ev.card and masked(game, ev.target) then out[#out + 1] = ev.target end
  return out
end

-- "instead it's turned face up and [the event happens]": turned up, the event goes on
local function applies(ev, game) return #involved(ev, game) > 0 end
local function replace(ev, game)
  for _, c in ipairs(involved(ev, game)) do game:turn_face_up(c) end
  return ev
end

-- once per game: the replacements, and the observers that end the effect for a creature turned
-- face up or gone (a countered spell, a permanent that left: a new object, 217.1c)
local function install(game)
  if game:store(KEY .. " installed") then return end
  game:store(KEY .. " installed", true)
  game:declare_event(ASSIGN); game:declare_event("turned face up")
  for _, event in ipairs({ "tap", "damage", ASSIGN }) do
    game:add_replacement{ event = event, name = "Illusionary Mask", applies = applies, replace = replace }
  end
  game:on("turned face up", function(ev, g) set_masked(g, ev.card, false) end)
  game:on("zone_change", function(ev, g)
    local gone = ev.from == "battlefield" or (ev.from == "stack" and ev.to ~= "battlefield")
    if gone then set_masked(g, ev.card, false) end
  end)
end

local function resolve(obj, game, source)
  local p = obj.controller
  local options = {}
  for _, c in ipairs(p.hand:cards()) do
    if c:is("Creature") and arbiter.could_pay_with(obj.x_spent or NONE, c.cost or "") then options[#options + 1] = c end
  end
  if #options == 0 or not arbiter.ask_may(game, p, "cast face down", { source = source }) then return end
  local c = arbiter.ask_choose(game, p, "card", options, { source = source })
  install(game)
  game:cast(p, c, { face_down = true, without_paying = true, instructed = true })
  set_masked(game, c, true)
end

return arbiter.card{
  name = "Illusionary Mask", types = { "Artifact" }, cost = "{2}",
  activated = { { cost = "{X}", timing = "sorcery", resolve = resolve } },
  oracle = ORACLE,
}
