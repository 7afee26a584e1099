-- settings.lua's note: records a rollback left behind (one the binding did not follow with
-- env.undo_settings: a rollback inside the core) are undone before the next change is filed.
-- The note finds them without asking the counter again: the serial it gets is the counter in
-- force plus one, so they are the records filed at that serial or above (422).
local H = require("helpers")
local internal = require("arbiter.internal")

-- a game whose next failed attempt leaves its settings record behind (the binding's undo off)
local function left_behind(g, undone)
  local e = internal._env(g)
  local keep = e.undo_settings
  e.undo_settings = nil
  local ok = g:attempt(function(game)
    internal._note_setting(game, "probe", { name = "stale" })
    error("undo it")
  end)
  e.undo_settings = keep
  assert.is_false(ok)
  assert.are.same({}, undone)                 -- left behind: not undone yet
  assert.are.equal(1, #e.settings_log)
end

describe("422: a setting a rollback left behind is undone before the next one is filed", function()
  local undone
  before_each(function()
    undone = {}
    internal._undo_kinds.probe = function(_, x) undone[#undone + 1] = x.name end
  end)
  after_each(function() internal._undo_kinds.probe = nil end)

  it("inside an action: the stale record (filed at the serial the new one gets) goes first", function()
    local g = H.game()
    left_behind(g, undone)
    local ok = g:attempt(function(game)
      internal._note_setting(game, "probe", { name = "new" })
      assert.are.same({ "stale" }, undone)
      assert.are.equal(1, #internal._env(game).settings_log)
      error("undo it")
    end)
    assert.is_false(ok)
    assert.are.same({ "stale", "new" }, undone)   -- the new one undone by the binding as usual
  end)

  it("a record filed in a kept action stays: only those above the counter in force go", function()
    local g = H.game()
    assert.is_true(g:attempt(function(game) internal._note_setting(game, "probe", { name = "kept" }) end))
    local e = internal._env(g)
    local keep = e.undo_settings
    e.undo_settings = nil
    g:attempt(function(game) internal._note_setting(game, "probe", { name = "stale" }); error("x") end)
    e.undo_settings = keep
    assert.is_true(g:attempt(function(game) internal._note_setting(game, "probe", { name = "new" }) end))
    assert.are.same({ "stale" }, undone)
    assert.are.equal(2, #e.settings_log)
    assert.are.equal("kept", e.settings_log[1].name)
  end)

  it("outside any action: the stale record is undone, then the log dropped", function()
    local g = H.game()
    left_behind(g, undone)
    internal._note_setting(g, "probe", { name = "free" })
    assert.are.same({ "stale" }, undone)
    assert.is_nil(internal._env(g).settings_log)
  end)
end)
