-- arbiter.combat_bands — banding (502.10; the seed 003, "Step by Step": "Creatures always attack
-- individually unless they're organized into bands ... If a creature is assigned to block a member
-- of a band, it's considered to block the other member(s) of the band as well").
--
-- Bands are declared with the attackers (`opts.bands` of the attack calls, read here); the core
-- tags each member (csrc/combat.c: arb_set_band) and makes a band one attacker of the block
-- problem (arb_block_build_new: 502.10e), blocks of one member blocks of all (arb_declare_block_band)
-- and an effect's "becomes blocked" the whole band's (502.10g). Who divides combat damage (502.10h)
-- is `divider` below, asked by lua/arbiter/combat_damage.lua.
local GI = require("arbiter.internal")._game
local core = require("arbiter.core")
local check = require("arbiter.check")

return function(arbiter)
  local fail, describe = check.fail, check.describe
  local set_band = GI._set_band
  local M = {}

  -- One band's rule: 502.10b "any number of those creatures with banding, and up to one of
  -- those creatures without banding"; 502.10c each creature in one band at most; and, when the
  -- declaration is known (decl: creature -> defending player), every member attacks, and
  -- attacks the same player (a band is blocked by one defending player's creatures). Returns
  -- nil, or the broken rule as a message.
  local function band_rule(band, seen, decl)
    local without
    for j = 1, #band do
      local c = band[j]
      if seen[c] then return string.format("502.10c: %s is in two bands", tostring(c)) end
      seen[c] = true
      if not c:has("banding") then
        if without then
          return string.format("502.10b: a band has at most one creature without banding, and %s and %s "
            .. "have none", tostring(without), tostring(c))
        end
        without = c
      end
      if decl then
        if decl[c] == nil then
          return string.format("502.10b: %s is in a band but is not declared as an attacker", tostring(c))
        elseif decl[c] ~= decl[band[1]] then
          return string.format("502.10b: the creatures of a band attack the same player (%s attacks %s, %s attacks %s)",
            tostring(band[1]), tostring(decl[band[1]]), tostring(c), tostring(decl[c]))
        end
      end
    end
  end

  -- opts.bands of an attack call, checked: an array of arrays of creatures of this game, each
  -- a creature the active player controls. Raises on a bad shape (naming fname and argument
  -- argn). Returns the bands (or nil without any) and the first broken band rule as a message
  -- (nil when none), which check_attack answers and the other calls raise.
  function M.read(g, fname, argn, opts, decl)
    local bands = core._unshield(opts.bands)    -- a script's view of a host table: its table
    if bands == nil then return nil end
    if type(bands) ~= "table" or next(bands, #bands > 0 and #bands or nil) ~= nil then
      fail(fname, argn, "bands: an array of bands (arrays of attacking creatures) expected, got " .. describe(bands), 3)
    end
    local act = g.active_player
    for i = 1, #bands do
      local band = core._unshield(bands[i])
      if type(band) ~= "table" or #band == 0 or next(band, #band) ~= nil then
        fail(fname, argn, "bands[" .. i .. "]: an array of creatures expected, got " .. describe(band), 3)
      end
      for j = 1, #band do
        local c = band[j]
        local k, og = core.kind(c)
        local at = "bands[" .. i .. "][" .. j .. "]: "
        if k ~= "card" then fail(fname, argn, at .. "a card expected, got " .. describe(c), 3) end
        if og ~= g then fail(fname, argn, at .. "card of another game: " .. describe(c), 3) end
        if c.zone ~= "battlefield" or not arbiter.has_type(c, "Creature") or c.controller.team ~= act.team then
          fail(fname, argn, string.format("bands[%d][%d]: %s is not a creature on the battlefield controlled by the "
            .. "active player (%s) or a teammate", i, j, tostring(c), tostring(act)), 3)
        end
        -- 502.10b: a player declares its own attacking creatures in a band (Two-Headed Giant:
        -- each member of the attacking team its own)
        if c.controller ~= band[1].controller then
          fail(fname, argn, string.format("bands[%d][%d]: %s is %s's, and the band's first creature %s's "
            .. "(502.10b: a band is one player's creatures)", i, j, tostring(c), tostring(c.controller),
            tostring(band[1].controller)), 3)
        end
      end
    end
    local seen = {}
    for i = 1, #bands do
      local bad = band_rule(bands[i], seen, decl)
      if bad then return bands, bad end
    end
    return bands
  end

  -- The bands, tagged in the core as the attackers are declared (one action with them). A band's
  -- tag is its first member's id; a band of one creature is no band.
  function M.declare(g, bands)
    if not bands then return end
    for i = 1, #bands do
      local band = bands[i]
      if #band > 1 then
        for j = 1, #band do set_band(g, band[j], band[1]) end
      end
    end
  end

  -- 502.10h: "A player who controls an attacking creature with banding chooses how combat damage
  -- is assigned by creatures blocking that creature. A player who controls a blocking creature
  -- with banding chooses how combat damage is assigned by creatures it blocks. If the creature
  -- had banding when it attacked or blocked but the ability was removed before the combat damage
  -- step, damage is assigned normally." The player who divides src's damage among targets (its
  -- blockers when as_attacker, else the attackers it blocks), and the question's ctx.band: the
  -- attackers a blocker's damage is divided among when their controller divides it.
  function M.divider(src, targets, as_attacker)
    for i = 1, #targets do
      local t = targets[i]
      if t:has("banding") then
        if as_attacker then return t.controller end
        return t.controller, targets
      end
    end
    return src.controller
  end

  -- The bands an attack declaration (an array: each attacks the one opponent; or a map to
  -- defending players) may be organized into, for the agents: per defending player, its banding
  -- attackers B and the others O, the bands B (when two or more) and B plus one creature of O
  -- (502.10b); each option is an opts.bands value with one band, after the first: {} (no band).
  -- At most `limit` options (default 16). Only creatures with banding make options.
  local banding_possible = GI._banding_possible
  function M.options(g, decl, limit)
    if not banding_possible(g) then return { {} } end   -- no creature with banding: no band
    limit = limit or 16
    local opponent, groups, order = nil, {}, {}
    local keys = {}
    if #decl > 0 then
      opponent = arbiter._foes(g)[1]
      for i = 1, #decl do keys[i] = decl[i] end
    else
      for c in pairs(decl) do if core.kind(c) == "card" then keys[#keys + 1] = c end end
      table.sort(keys, function(a, b) return a.id < b.id end)
    end
    -- a band's creatures attack one player and are one player's (502.10b; in Two-Headed Giant
    -- each teammate bands its own): one group per defender and controller
    for _, c in ipairs(keys) do
      local d = opponent or decl[c]
      local by = groups[d]
      if not by then by = {}; groups[d] = by end
      local grp = by[c.controller]
      if not grp then grp = { banding = {}, other = {} }; by[c.controller] = grp; order[#order + 1] = grp end
      local list = c:has("banding") and grp.banding or grp.other
      list[#list + 1] = c
    end
    local out = { {} }
    for _, grp in ipairs(order) do
      local b, o = grp.banding, grp.other
      if #b >= 2 and #out < limit then out[#out + 1] = { b } end
      for _, c in ipairs(#b >= 1 and o or {}) do
        if #out >= limit then break end
        local band = { c }
        for k = 1, #b do band[k + 1] = b[k] end
        out[#out + 1] = { band }
      end
    end
    return out
  end
  arbiter._band_options = M.options

  return M
end
