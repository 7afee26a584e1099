-- arbiter.ante — playing for ante (the era's ante rules; contract "Version 3 additions", "Ante"):
-- each player's zone "ante" (p.ante, csrc's ARB_ANTE: public, like a graveyard), g:set_owner,
-- and the ante taken (arbiter.house.ante in house.lua; the core's actions.c hands the ante to
-- the winner as the game ends).
local check = require("arbiter.check")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local fail, describe = check.fail, check.describe

return function(internal, Game)
  local atomic, env = internal._atomic, internal._env
  local OWNER = "owner"            -- the event of an ownership change

  local function declared(g)
    local e = env[g]
    if e.owner_event then return end
    internal._note_setting(g, "top", { key = "owner_event", old = nil })   -- undone with a failed action
    e.owner_event = true
    g:declare_event(OWNER)
  end

  -- p owns c from now on: the "owner" event {card, player = the new owner}; replaced away,
  -- nothing changes. The card's next zone is its new owner's (a card moving "to its owner's
  -- library" goes to p's).
  local function set_owner(g, c, p)
    local was = c.owner
    GI._set_owner(g, c, p)
    declared(g)
    if not g:emit(OWNER, { card = c, player = p }) then GI._set_owner(g, c, was) return false end
    return true
  end

  --- g:set_owner(c, p): p owns c (Darkpact; the winner of an ante game)
  function Game:set_owner(c, p)
    check.object(self, "set_owner", 1, c, "card")
    check.object(self, "set_owner", 2, p, "player")
    local zone = c.zone
    if zone == "battlefield" or zone == "stack" then
      fail("set_owner", 1, "a card outside play expected (a permanent's or a spell's owner doesn't change here), got "
        .. describe(c) .. " on the " .. zone)
    end
    if c.owner == p then return false end
    return atomic(self, set_owner, c, p)
  end

  -- Each player, in turn order, antes the top card of its library (Demonic Attorney; the
  -- house rule as the game starts): puts it into its ante zone. A player with an empty
  -- library antes nothing.
  function internal._ante_top(g, players)
    for _, p in ipairs(players) do
      local top = p.library:top()
      if top then g:move(top, "ante") end
    end
  end
end
