-- Word of Command {B}{B} (Instant)
-- Oracle: "Look at target opponent's hand and choose a card from it. You control that player until
--   Word of Command finishes resolving. The player plays that card if able. While doing so, the
--   player can activate mana abilities only if they're from lands that player controls and only
--   if mana they produce is spent to activate other mana abilities of lands the player controls
--   and/or to play that card. If the chosen card is cast as a spell, you control the player while
--   that spell is resolving."
-- Leans on: a player target with a filter (413, an opponent); looking at a hand (ctx.shown: the
--   caster is shown it as it chooses, choose(p, "card", hand, ctx)); controlling a player
--   (g:control_player with the stack object: until Word of Command finishes resolving; with
--   {resolving = spell}: while the chosen spell resolves); an instructed cast (g:cast with
--   instructed = true: no timing, paid from the pool and the mana abilities of the lands the
--   player controls only); "if able": a land is played when the player could play one now
--   (g:play_land's checks), a spell cast when it can be (a cost it can't pay or no legal target:
--   nothing happens). The player's own questions in the cast (targets, mana) are answered by
--   the caster's agent: it controls the player.
local arbiter = require("arbiter")

local function opponent(p, _, source) return p ~= source.controller end

return arbiter.card{
  name = "Word of Command", types = { "Instant" }, colors = { "black" }, cost = "{B}{B}",
  targets = { { what = "player", filter = opponent } },
  resolve = function(obj, g, word)
    local me, them = obj.controller, obj.targets[1]
    local hand = them.hand:cards()
    g:control_player(them, me, obj)            -- until Word of Command finishes resolving
    if #hand == 0 then return end
    local pick = arbiter.ask_choose(g, me, "card", hand, { source = word, player = them, shown = hand })
    if arbiter.has_type(pick, "Land") then
      g:attempt(function() g:play_land(them, pick) end)
      return
    end
    local spell
    g:attempt(function()
      spell = g:cast(them, pick, { instructed = true, mana_sources = g:permanents(them, "Land") })
    end)
    if spell then g:control_player(them, me, { resolving = spell }) end
  end,
  oracle = "Look at target opponent's hand and choose a card from it. You control that player until Word of "
    .. "Command finishes resolving. The player plays that card if able. While doing so, the player can "
    .. "activate mana abilities only if they're from lands that player controls and only if mana they produce "
    .. "is spent to activate other mana abilities of lands the player controls and/or to play that card. If "
    .. "the chosen card is cast as a spell, you control the player while that spell is resolving.",
}
