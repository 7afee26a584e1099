-- arbiter.sets.alpha.source_shield — not a card: the shield the Circles of Protection,
-- Forcefield and Reverse Damage make (Jade Monolith shares the source choice), "the next time
-- [a source of your choice] would deal damage to you this turn, prevent [it]" (419.6: a
-- prevention effect is a replacement of the damage event, used up by the first damage it
-- prevents, ending at cleanup).
local arbiter = require("arbiter")

local M = {}

-- The shield of player p against the chosen source: the replacement has the source as its own
-- source (so `applies` reads it from its arguments, in any clone too, and a permanent's shield
-- ends when that object leaves the battlefield: the card back is a new object, 217.1c); the
-- player is named by index. how.combat: only combat damage; how.keep: damage let through (Forcefield's
-- "all but 1"); how.gain: p gains life equal to the damage prevented (Reverse Damage; only with
-- no how.keep); name: the effect's name.
function M.add(g, p, source, how)
  local index, h = p.index, nil
  h = g:add_replacement{ event = "damage", duration = "end_of_turn", name = how.name, source = source,
    applies = function(ev, game, src)
      return ev.source == src and ev.target == game.players[index] and ev.amount > 0
        and (not how.combat or ev.combat == true)
    end,
    replace = function(ev, game)
      game:remove_replacement(h)
      if how.gain then game:gain_life(game.players[index], ev.amount) end
      if (how.keep or 0) == 0 then return nil end           -- prevented: nothing happens instead
      ev.amount = math.min(ev.amount, how.keep)
      return ev
    end }
  return h
end

-- p chooses one of options (cards) as the source; nil when there is none to choose
function M.choose(g, p, options, ctx)
  if #options == 0 then return nil end
  return arbiter.ask_choose(g, p, "source", options, ctx)
end

-- The sources of a color in the game now (color nil: of any color): permanents, spells on the
-- stack and the sources of abilities on the stack, also one that has left play since (its
-- last-known self deals the ability's damage) (each card once, in the order found).
function M.of_color(g, color)
  local out, seen = {}, {}
  local function add(c)
    if c and not seen[c] and (color == nil or c:is(color)) then seen[c] = true; out[#out + 1] = c end
  end
  for _, c in ipairs(g.battlefield:cards()) do add(c) end
  for _, obj in ipairs(g:stack_objects()) do add(obj.card) end
  return out
end

-- A Circle of Protection: "{1}: The next time a <color> source of your choice would deal damage
-- to you this turn, prevent that damage." The color is a word of its text (words.color, read as
-- the ability resolves: 418.5a layer 3, Sleight of Mind).
function M.circle(color)
  local Color = color:sub(1, 1):upper() .. color:sub(2)
  local name = "Circle of Protection: " .. Color
  local text = "{1}: The next time a " .. color .. " source of your choice would deal damage to you this turn, " ..
    "prevent that damage."
  return arbiter.card{
    name = name, types = { "Enchantment" }, colors = { "white" }, cost = "{1}{W}", words = { color = color },
    activated = { { cost = "{1}", effect = function(obj, game, circle)
      local p = obj.controller
      local source = M.choose(game, p, M.of_color(game, circle.words.color), { source = circle })
      if source then M.add(game, p, source, { name = name }) end
    end } },
    oracle = text,
  }
end

return M
