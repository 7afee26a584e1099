-- scripts/cards.lua — docs/CARDS.md, the Alpha set's coverage table, from the card files:
-- each of the set list's 290 names with its status and what of the engine it leans on (the
-- card file's "-- Leans on:" line). A name without a file is "not written yet", with what it
-- waits for from NEEDS below (the mechanism and its issue).
--   lua5.4 scripts/cards.lua write   rewrites docs/CARDS.md (make cards)
--   lua5.4 scripts/cards.lua check   exits 1 when docs/CARDS.md is out of date
--   dofile("scripts/cards.lua")      returns M: M.render() -> text, M.header(file) -> lines
package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("ARBITER_CPATH") or "build/?.so") .. ";" .. package.cpath   -- (make asan: its own build)
local M = {}
M.OUT = "docs/CARDS.md"

-- What an unwritten card waits for: the mechanism and its issue (from the card writers' notes).
M.NEEDS = {
  ["Animate Artifact"] = "nothing new (issue 26's variable P/T and layered types exist): not written yet",
  ["Animate Dead"] = "an Aura that enchants a card in a graveyard and enters attached to it (issue 26 item 3)",
  ["Animate Wall"] = "\"can attack as though it didn't have defender\" (issue 26 item 8)",
  ["Benalish Hero"] = "banding (issue 30)",
  ["Berserk"] = "nothing new (ask_pay's delayed destroy: issue 26's delayed triggers exist): not written yet",
  ["Black Lotus"] = "a mana ability that sacrifices its source and chooses a color while paying (issue 25)",
  ["Black Vise"] = "as_enters: a chosen opponent (issue 26 item 5)",
  ["Black Ward"] = "except: \"this effect doesn't remove Black Ward\" (issue 26 item 8)",
  ["Blaze of Glory"] = "\"blocks each attacking creature if able\": no vocabulary for it yet",
  ["Blessing"] = "an Aura's ability after it left: last-known information of what it enchanted (issue 26)",
  ["Blue Ward"] = "except (issue 26 item 8)",
  ["Camouflage"] = "piles (issue 30)",
  ["Chaos Orb"] = "the dexterity stand-in (issue 30)",
  ["Chaoslace"] = "spell colors and \"spell or permanent\" targets (issue 26 item 3)",
  ["Clockwork Beast"] = "as_enters: counters as it enters (issue 26 item 5)",
  ["Clone"] = "copy effects (706; issue 26 item 5)",
  ["Consecrate Land"] = "except: \"other Auras\" (issue 26 item 8)",
  ["Contract from Below"] = "ante (issue 30)",
  ["Conversion"] = "subtypes set by effects (issue 26 item 2)",
  ["Copy Artifact"] = "copy effects (706; issue 26 item 5)",
  ["Cyclopean Tomb"] = "subtypes set by effects (issue 26 item 2)",
  ["Darkpact"] = "ante (issue 30)",
  ["Deathgrip"] = "spell colors as targets (issue 26 item 3)",
  ["Deathlace"] = "spell colors and \"spell or permanent\" targets (issue 26 item 3)",
  ["Demonic Attorney"] = "ante (issue 30)",
  ["Demonic Hordes"] = "nothing new (ask_pay and sacrifice exist): not written yet",
  ["Disintegrate"] = "\"can't be regenerated\" with a duration (issue 26 item 8)",
  ["Drain Power"] = "a player made to activate mana abilities, and a pool moved (issue 25)",
  ["Evil Presence"] = "subtypes set by effects (issue 26 item 2)",
  ["False Orders"] = "g:remove_from_combat (issue 26 item 8)",
  ["Farmstead"] = "nothing new (ask_pay exists): not written yet",
  ["Fastbond"] = "a \"land played\" event and the count of lands played (issue 25)",
  ["Firebreathing"] = "an Aura's ability after it left: last-known information of what it enchanted (issue 26)",
  ["Force of Nature"] = "nothing new (ask_pay exists): not written yet",
  ["Fork"] = "g:copy_spell (issue 26 item 5)",
  ["Gaea's Liege"] = "subtypes set by effects (issue 26 item 2)",
  ["Glasses of Urza"] = "looking at a hand: hidden information (issue 30)",
  ["Green Ward"] = "except (issue 26 item 8)",
  ["Guardian Angel"] = "g:add_ability with an effect (only mana abilities today; issue 25)",
  ["Helm of Chatzuk"] = "banding (issue 30)",
  ["Holy Armor"] = "an Aura's ability after it left: last-known information of what it enchanted (issue 26)",
  ["Illusionary Mask"] = "face-down permanents (issue 26 item 6)",
  ["Instill Energy"] = "\"only during your turn, once each turn\" and \"attack as though it had haste\"",
  ["Invisibility"] = "block restrictions granted by an Aura (issue 26 item 8)",
  ["Island Sanctuary"] = "\"can't be attacked except by\" granted until your next turn",
  ["Jade Statue"] = "subtypes added by effects, and \"activate only during combat\" (issue 26 item 2)",
  ["Lich"] = "ev.reason on \"lose\" events (issue 30)",
  ["Lifelace"] = "spell colors and \"spell or permanent\" targets (issue 26 item 3)",
  ["Living Artifact"] = "one trigger for damage dealt at once (damage events per source today)",
  ["Magical Hack"] = "text changing (issue 26 item 4)",
  ["Mesa Pegasus"] = "banding (issue 30)",
  ["Natural Selection"] = "looking at a library: hidden information (issue 30)",
  ["Nether Shadow"] = "abilities that work from the graveyard (issue 25)",
  ["Nettling Imp"] = "activation conditions (contract's \"Activation conditions\")",
  ["Paralyze"] = "an Aura's ability after it left: last-known information of what it enchanted (issue 26)",
  ["Personal Incarnation"] = "nothing new (who = \"owner\" exists): not written yet",
  ["Phantasmal Terrain"] = "subtypes set by effects and an as-enters choice (issue 26 items 2, 5)",
  ["Power Leak"] = "paying any amount of mana (ask_pay takes a fixed cost)",
  ["Power Surge"] = "the lands untapped as the turn began, remembered until upkeep",
  ["Purelace"] = "spell colors and \"spell or permanent\" targets (issue 26 item 3)",
  ["Raging River"] = "piles (issue 30)",
  ["Red Ward"] = "except (issue 26 item 8)",
  ["Regeneration"] = "an Aura's ability after it left: last-known information of what it enchanted (issue 26)",
  ["Reverse Damage"] = "a chosen source, also one that left play (last-known information, issue 26 item 7)",
  ["Rock Hydra"] = "as_enters: X counters as it enters (issue 26 item 5)",
  ["Scavenging Ghoul"] = "\"creatures that died this turn\", also before it came into play: ev.last (a creature "
    .. "as it left?) is taken only while something listens to zone changes; every departure from the battlefield "
    .. "must record it",
  ["Sengir Vampire"] = "\"dealt damage by it this turn\" (issue 26)",
  ["Sleight of Mind"] = "text changing (issue 26 item 4)",
  ["Smoke"] = "untap limits (issue 30)",
  ["Soul Net"] = "nothing new (ask_pay and ev.last exist): not written yet",
  ["Stasis"] = "skipping untap steps (issue 30)",
  ["Stone Giant"] = "nothing new (issue 26's delayed triggers exist): not written yet",
  ["Thoughtlace"] = "spell colors and \"spell or permanent\" targets (issue 26 item 3)",
  ["Timber Wolves"] = "banding (issue 30)",
  ["Time Vault"] = "skipping turns (issue 30)",
  ["Time Walk"] = "extra turns (issue 30)",
  ["Vesuvan Doppelganger"] = "copy effects (706; issue 26 item 5)",
  ["White Ward"] = "except (issue 26 item 8)",
  ["Winter Orb"] = "untap limits (issue 30)",
  ["Word of Command"] = "controlling a player (issue 30)",
  ["Zombie Master"] = "activated abilities granted by an effect (issue 26 item 8)",
}

-- The comment block a card file opens with, as lines without their "-- ".
function M.header(path)
  local lines = {}
  local f = io.open(path)
  if not f then return nil end
  for l in f:lines() do
    local text = l:match("^%-%- ?(.*)$")
    if not text then break end
    lines[#lines + 1] = text
  end
  f:close()
  return lines
end

local function leans_on(lines)
  for i, l in ipairs(lines) do
    local v = l:match("^Leans on: (.*)$")
    if v then
      -- a "Leans on:" entry may go on over the following comment lines, up to a blank one
      local j = i + 1
      while lines[j] and lines[j] ~= "" and not lines[j]:match("^%u%l+:") and lines[j]:match("^  ") do
        v = v .. " " .. lines[j]:gsub("^%s+", ""); j = j + 1
      end
      return v
    end
  end
  return ""
end

function M.render()
  local alpha = require("arbiter.sets.alpha")
  local out = {}
  local function w(s) out[#out + 1] = s end
  w("# The Alpha set: coverage")
  w("")
  w("Generated by `scripts/cards.lua` (`make cards`) from `lua/arbiter/sets/alpha/`: edit the card")
  w("files, not this table. Each written card plays its Oracle text as printed in the engine's rules")
  w("and has its spec in `spec/sets/alpha/<letter>_spec.lua`; \"Leans on\" is the card file's own line.")
  w("")
  w(string.format("%d of %d cards written; %d not yet.", #alpha.names, #alpha.list, #alpha.unwritten))
  w("")
  w("| card | status | leans on |")
  w("|---|---|---|")
  for _, name in ipairs(alpha.list) do
    local file = "lua/arbiter/sets/alpha/" .. alpha.file(name) .. ".lua"
    if alpha[name] then
      w(string.format("| %s | plays as printed | %s |", name, leans_on(M.header(file) or {})))
    else
      local need = M.NEEDS[name]
      w(string.format("| %s | not written yet | %s |", name, need and ("needs " .. need) or ""))
    end
  end
  return table.concat(out, "\n") .. "\n"
end

if arg and arg[0] and arg[0]:match("cards%.lua$") then
  local mode = arg[1]
  local text = M.render()
  if mode == "write" then
    local f = assert(io.open(M.OUT, "w")); f:write(text); f:close()
  elseif mode == "check" then
    local f = io.open(M.OUT); local old = f and f:read("*a"); if f then f:close() end
    if old ~= text then io.stderr:write(M.OUT .. " is out of date: run make cards\n"); os.exit(1) end
  else
    io.stderr:write("usage: lua5.4 scripts/cards.lua write|check\n"); os.exit(2)
  end
end
return M
