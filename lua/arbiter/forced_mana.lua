-- arbiter.forced_mana — a player made to activate mana abilities ("target player activates a
-- mana ability of each land he or she controls": Drain Power):
--   g:activate_mana_abilities(p, cards) -> how many p activated
-- For each card in turn that p controls on the battlefield, p activates one of its mana
-- abilities that it can activate now (406.1: no stack; a {T} one only while the card is
-- untapped and may tap, one with a mana cost only when p can pay it): each through g:activate,
-- the one path every activation and payment takes (cost increases, the pool first, mana
-- abilities played while paying, 409.1f). Among several that make different mana (a dual land's
-- {W} or {U}) p chooses: choose(p, "mana ability", {"{W}", "{U}"}, {card = c, source = ...}).
-- The whole is one action (422).
local check = require("arbiter.check")
local core = require("arbiter.core")
local fail, describe = check.fail, check.describe

return function(internal, Game)
  local atomic, abilities_of = internal._atomic, internal._abilities_of

  -- c's mana abilities p can activate now, one per kind of mana made (choosing between two
  -- that make the same mana is no choice)
  local function usable(g, p, c)
    local out, seen = {}, {}
    if c.zone ~= "battlefield" or c.controller ~= p then return out end
    local list = abilities_of[c]
    for i = 1, #list do
      local a = list[i]
      local text = a.mana and a.mana.text
      if text and not seen[text] and (not a.cost.tap or internal._can_tap(c))
          and (a.cost.total == 0 or internal._can_pay(g, p, a.cost, 0)) then
        seen[text] = true
        out[#out + 1] = a
      end
    end
    return out
  end

  local function activate_each(g, p, cards, source)
    local n = 0
    for i = 1, #cards do
      local c = cards[i]
      local options = usable(g, p, c)
      local a = options[1]
      if #options > 1 then
        local texts = {}
        for k = 1, #options do texts[k] = options[k].mana.text end
        local pick = internal._ask_choose(g, p, "mana ability", texts, { card = c, source = source })
        for k = 1, #options do if texts[k] == pick then a = options[k] end end
      end
      if a then
        g:activate(p, c, a.index)
        n = n + 1
      end
    end
    return n
  end

  --- g:activate_mana_abilities(p, cards, source) -> the number of mana abilities p activated
  function Game:activate_mana_abilities(p, cards, source)
    check.object(self, "activate_mana_abilities", 1, p, "player")
    if type(cards) ~= "table" then
      fail("activate_mana_abilities", 2, "cards (an array of cards) expected, got " .. describe(cards))
    end
    for i = 1, #cards do
      if core.kind(cards[i]) ~= "card" then
        fail("activate_mana_abilities", 2, "cards[" .. i .. "]: a card expected, got " .. describe(cards[i]))
      end
      check.object(self, "activate_mana_abilities", 2, cards[i], "card")
    end
    if source ~= nil then check.object(self, "activate_mana_abilities", 3, source, "card") end
    return atomic(self, activate_each, p, cards, source)
  end
end
