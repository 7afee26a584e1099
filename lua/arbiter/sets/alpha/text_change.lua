-- arbiter.sets.alpha.text_change — not a card: Sleight of Mind and Magical Hack, "Change the text
-- of target spell or permanent by replacing all instances of one <color word | basic land type>
-- with another." A text-changing effect (the era's 418.5a layer 3, add_static{words}) with no
-- duration ("This effect lasts indefinitely"), on a "spell or permanent" target (413): a spell's
-- text stays changed as the permanent it becomes (213.5). As it resolves its controller chooses
-- the word to replace among those of that kind the target's text holds (c:text_words(): its
-- script's words and its keywords' parameters; none, and nothing changes), then the word that
-- replaces it (choose(p, "word", options, ctx)). text_change(name, words, oracle) returns the
-- card's definition.
local arbiter = require("arbiter")

return function(name, words, oracle)
  local kind = {}
  for _, w in ipairs(words) do kind[w] = true end
  return arbiter.card{
    name = name, types = { "Instant" }, colors = { "blue" }, cost = "{U}",
    targets = { "spell or permanent" },
    resolve = function(obj, g)
      local target = obj.targets[1]
      local card = target.card or target            -- a spell's card, or the permanent
      local have = {}
      for _, w in ipairs(card:text_words()) do if kind[w] then have[#have + 1] = w end end
      if #have == 0 then return end
      local old = arbiter.ask_choose(g, obj.controller, "word", have, { source = obj.card, card = card })
      local others = {}
      for _, w in ipairs(words) do if w ~= old then others[#others + 1] = w end end
      local new = arbiter.ask_choose(g, obj.controller, "word", others,
        { source = obj.card, card = card, replacing = old })
      g:add_static{ affects = target, words = { [old] = new } }
    end,
    oracle = oracle,
  }
end
