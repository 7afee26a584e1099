-- Simultaneous mulligans (issue 33 item 6): each player decides on the same information, and
-- those who chose to mulligan do so at the same time, round after round (606.6a, the
-- Two-Headed Giant variant of the 2005-2008 rules: "All players on that team who chose to do so
-- take their mulligans at the same time ... a player can't see the result of his or her
-- teammate's mulligan before deciding whether to take a mulligan at the same time"). g:start()
-- plays a Two-Headed Giant team so (the starting team first, then the other), and all players
-- under arbiter.house.simultaneous_mulligans; otherwise one player after another, as before.
local arbiter = require("arbiter")
local house = arbiter.house

local CARD = arbiter.card{ name = "Card", types = { "Sorcery" } }

-- a game whose players each mulligan `wants[name]` times; log: "name:own hand:others' hands"
local function game(opts, wants, log)
  local g = arbiter.new_game(opts)
  for _, p in ipairs(g.players) do
    for _ = 1, 30 do g:create(CARD, { owner = p, zone = "library" }) end
    local left = wants[p.name] or 0
    g:set_agent(p, {
      may = function(q, what, ctx)
        if what ~= "mulligan" then return false end
        local others = {}
        for _, o in ipairs(g.players) do if o ~= q then others[#others + 1] = #o.hand end end
        log[#log + 1] = q.name .. ":" .. ctx.size .. ":" .. table.concat(others, ",")
        if left > 0 then left = left - 1; return true end
        return false
      end,
      choose = function(_, _, options) return options[1] end,
    })
  end
  g:start()
  return g
end

describe("mulligans one after another, or at the same time (606.6a)", function()
  it("without the house rule: Ann takes all her mulligans before Bob is asked (as before)", function()
    local log = {}
    game({ players = { "Ann", "Bob" }, seed = 1, house_rules = { house.paris } }, { Ann = 2, Bob = 1 }, log)
    assert.same({ "Ann:7:7", "Ann:6:7", "Ann:5:7", "Bob:7:5", "Bob:6:5" }, log)
  end)

  it("simultaneous_mulligans: each round every player decides before anyone mulligans; those who chose "
    .. "to mulligan do so together (606.6a's procedure for all players)", function()
    local log = {}
    local g = game({ players = { "Ann", "Bob", "Cid" }, seed = 1, house_rules = { house.paris, house.simultaneous_mulligans } },
      { Ann = 2, Bob = 1 }, log)
    assert.same({
      "Ann:7:7,7", "Bob:7:7,7", "Cid:7:7,7",    -- round 1: all decide on the dealt hands
      "Ann:6:6,7", "Bob:6:6,7",                  -- round 2: Ann and Bob mulliganed together; Cid kept
      "Ann:5:6,7",                               -- round 3: Bob kept
    }, log)
    assert.same({ 5, 6, 7 }, { #g.players[1].hand, #g.players[2].hand, #g.players[3].hand })
  end)

  it("London, simultaneous: each keeps 7 minus its mulligans once everyone has kept", function()
    local log = {}
    local g = game({ players = { "Ann", "Bob" }, seed = 2, house_rules = { house.london, house.simultaneous_mulligans } },
      { Ann = 1, Bob = 2 }, log)
    assert.same({ "Ann:7:7", "Bob:7:7", "Ann:7:7", "Bob:7:7", "Bob:7:7" }, log)
    assert.same({ 6, 5 }, { #g.players[1].hand, #g.players[2].hand })
  end)

  it("Two-Headed Giant (606.6a): the starting team's players decide together, then the other team's", function()
    local log = {}
    game({ teams = { { "A1", "A2" }, { "B1", "B2" } }, seed = 1, house_rules = { house.paris } },
      { A1 = 1, A2 = 2, B2 = 1 }, log)
    assert.same({
      "A1:7:7,7,7", "A2:7:7,7,7",                -- team A, round 1
      "A1:6:6,7,7", "A2:6:6,7,7",                -- both took one together
      "A2:5:6,7,7",                              -- A1 kept
      "B1:7:6,5,7", "B2:7:6,5,7",                -- team B only after team A kept
      "B2:6:6,5,7",
    }, log)
  end)

  it("the same seed and answers deal the same hands (a replayable start)", function()
    local function hands(seed)
      local g = game({ players = { "Ann", "Bob" }, seed = seed, house_rules = { house.vancouver, house.simultaneous_mulligans } },
        { Ann = 1, Bob = 1 }, {})
      return g:state_hash()
    end
    assert.equal(hands(4), hands(4))
  end)
end)
