-- examples/judge.lua on the sample boards (examples/boards/): legal declarations and rulings
-- on proposals (500.2-500.4, 501, 502.6; text 004).
local J = dofile("examples/judge.lua")

local function run(args)
  local lines = {}
  local status = J.main(args, function(l) lines[#lines + 1] = l end)
  return status, table.concat(lines, "\n"), lines
end

local function legal_lines(out)
  local n = 0
  for _ in out:gmatch("\n  %d+%. [^\n]*%[obeys") do n = n + 1 end
  return n
end

describe("judge: Lure + menace (500.2-500.4; 004)", function()
  local board = "examples/boards/lure_menace.lua"

  it("every untapped creature must block the lured menace creature (500.4, 500.3)", function()
    local status, out = run({ board })
    assert.equal(1, status)   -- the board's proposal is illegal
    assert.matches("The most requirements a legal block obeys: 2", out, 1, true)
    assert.matches("Legal blocks (1):", out, 1, true)
    assert.matches("1. Wall of Stone -> Goblin Bully; Grizzly Bears -> Goblin Bully   [obeys 2 requirements]", out, 1, true)
    assert.equal(1, legal_lines(out))
    assert.not_matches("Llanowar Elves ->", out, 1, true)   -- tapped: can't block, exempt
  end)

  it("a lone blocker breaks menace; the alternative adds the other blocker", function()
    local _, out = run({ board })
    assert.matches("Proposed block: Grizzly Bears %-> Goblin Bully\n  ILLEGAL: 500.3: Goblin Bully#%d+ is blocked by 1", out)
    assert.matches("except by 2 or more", out, 1, true)
    assert.matches("Nearest legal block (1 change): Wall of Stone -> Goblin Bully; Grizzly Bears -> Goblin Bully", out, 1, true)
  end)

  it("a block that ignores the Lure obeys 0 of the most 2 requirements (500.4)", function()
    local status, out = run({ board, "--propose", "Wall of Stone=Hill Giant" })
    assert.equal(1, status)
    assert.matches("ILLEGAL: 500.4: the declaration obeys 0 of the most 2 requirements", out, 1, true)
    assert.matches("Nearest legal block (2 changes)", out, 1, true)
  end)

  it("the legal block is LEGAL, exit status 0", function()
    local status, out = run({ board, "--propose", "Wall of Stone=Goblin Bully,Grizzly Bears=Goblin Bully" })
    assert.equal(0, status)
    assert.matches("  LEGAL", out, 1, true)
  end)
end)

describe("judge: Silent Arbiter (500.1 a restriction, 500.2)", function()
  local board = "examples/boards/silent_arbiter.lua"

  it("exactly one of the creatures that must attack attacks (500.2 example)", function()
    local status, out = run({ board })
    assert.equal(1, status)
    assert.matches("The most requirements a legal attack obeys: 1", out, 1, true)
    assert.matches("Legal attacks (2):", out, 1, true)
    assert.matches("%d%. Berserker   %[obeys 1 requirement%]", out)
    assert.matches("%d%. Raging Goblin   %[obeys 1 requirement%]", out)
    assert.matches("Eager Knight: \"attacks each combat if able\" (it attacks) (tapped: exempt)", out, 1, true)
    assert.not_matches("Gray Ogre   [", out, 1, true)   -- summoning sick (502.5b)
  end)

  it("the Bears instead obeys 0 of 1 requirements; two attackers break the Arbiter", function()
    local _, out = run({ board })
    assert.matches("Proposed attack: Grizzly Bears\n  ILLEGAL: 500.4: the declaration obeys 0 of the most 1", out, 1, true)
    assert.matches("Nearest legal attack (2 changes): Berserker", out, 1, true)
    local status, out2 = run({ board, "--propose", "Berserker,Raging Goblin" })
    assert.equal(1, status)
    assert.matches("ILLEGAL: 500.2: 2 creatures attack, but no more than 1 can attack each combat", out2, 1, true)
    assert.matches("(1 change)", out2, 1, true)
  end)
end)

describe("judge: Mogg Flunkies and swampwalk (500.1, 502.6)", function()
  local board = "examples/boards/mogg_flunkies.lua"

  it("lists the four legal blocks, each with the Sentinel on the Giant", function()
    local _, out, lines = run({ board })
    assert.matches("Legal blocks (4):", out, 1, true)
    assert.equal(4, legal_lines(out))
    for _, l in ipairs(lines) do
      if l:match("^  %d+%. ") then
        assert.matches("Sentinel -> Hill Giant", l, 1, true)
        assert.not_matches("Bog Wraith", l, 1, true)     -- swampwalk: Bob controls a Swamp
      end
    end
  end)

  it("the Flunkies can't block alone (500.3); the nearest legal block adds the Sentinel", function()
    local _, out = run({ board })
    assert.matches("ILLEGAL: 500.3: Mogg Flunkies#%d+ can't block alone", out)
    assert.matches("Nearest legal block (1 change): Mogg Flunkies -> Hill Giant; Sentinel -> Hill Giant", out, 1, true)
  end)

  it("blocking the swampwalker is forbidden (501, 502.6)", function()
    local _, out = run({ board, "--propose", "Wall of Wood=Bog Wraith" })
    assert.matches("ILLEGAL: 500.3/501: Wall of Wood#%d+ can't block Bog Wraith", out)
  end)

  it("--limit bounds the list and says there are more", function()
    local _, out = run({ board, "--limit", "2" })
    assert.equal(2, legal_lines(out))
    assert.matches("(first 2; raise --limit for more)", out, 1, true)
  end)

  it("--attacks judges the attack step instead", function()
    local status, out = run({ board, "--attacks", "--propose", "Bog Wraith" })
    assert.equal(0, status)
    assert.matches("Legal attacks (4):", out, 1, true)
    assert.matches("(no attack)   [obeys 0 requirements]", out, 1, true)
  end)
end)
