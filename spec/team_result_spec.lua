-- g:result() reports the winning team (issue 33 item 1): in Two-Headed Giant the team wins or
-- loses together (the Two-Headed Giant variant of the 2005-2008 rules' multiplayer section).
local arbiter = require("arbiter")

describe("g:result().winners: the winning team (102; 606 Two-Headed Giant)", function()
  it("Two-Headed Giant: one player's loss is the team's; both members of the other team win", function()
    local g = arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" } } }
    local a1, a2, b1, b2 = g.players[1], g.players[2], g.players[3], g.players[4]
    g:lose(b2)
    local r = g:result()
    assert.same({ a1, false }, { r.winner, r.draw })
    assert.same({ a1, a2 }, r.winners)
    assert.same({ b1, b2 }, r.losers)
  end)

  it("a free-for-all: the one winner; a draw: nobody", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob", "Cid" } }
    g:lose(g.players[1]); g:lose(g.players[3])
    assert.same({ g.players[2] }, g:result().winners)
    local h = arbiter.new_game{ players = { "Ann", "Bob" } }
    h:lose({ h.players[1], h.players[2] })
    assert.same({ true }, { h:result().draw })
    assert.same({}, h:result().winners)
  end)
end)
