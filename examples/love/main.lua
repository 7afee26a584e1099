-- arbiter in LÖVE 11: a duel against arbiter.agents.simple, driven by the host driver.
--   love examples/love                       play (build the module first: make love-build)
--   love examples/love --selftest out.png    scripted clicks to the end of a game, then a
--                                            screenshot; exits 0 when the game finished
-- Options: --seed N. The module comes from the repository (lua/ and build/lua/luajit/).
-- The self-test must not wait on LÖVE's error screen: print and exit non-zero.
local function option(args, name)
  for i = 1, #args do if args[i] == name then return args[i + 1] or true end end
  return nil
end
if option(arg or {}, "--selftest") then
  function love.errorhandler(msg)
    io.stderr:write("love selftest: error: " .. tostring(msg) .. "\n" .. debug.traceback() .. "\n")
    os.exit(1)
  end
end

local here = love.filesystem.getSource()
local root = os.getenv("ARBITER_ROOT") or (here .. "/../../")
package.path = here .. "/?.lua;" .. root .. "lua/?.lua;" .. root .. "lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("ARBITER_CPATH") or (root .. "build/lua/luajit/?.so")) .. ";" .. package.cpath

local arbiter = require("arbiter")
local Duel = require("duel")(arbiter)
local ui = require("ui")

local duel, layout, selftest

function love.load(args)
  local shot = option(args, "--selftest")
  duel = Duel.new(tonumber(option(args, "--seed")) or 7)
  if shot then
    selftest = require("selftest")(arbiter, duel, ui, type(shot) == "string" and shot or "selftest.png")
  else
    duel.paced = true
  end
  layout = ui.layout(duel)
end

function love.update(dt)
  duel:update(dt)
  layout = ui.layout(duel)
  if selftest then
    selftest.step(layout)
    layout = ui.layout(duel)
  end
end

function love.draw()
  ui.draw(duel, layout)
  if selftest then selftest.after_draw() end
end

function love.mousepressed(x, y, button)
  if button ~= 1 then return end
  local r = ui.hit(layout, x, y)
  if not r then return end
  if r.kind == "button" then r.action()
  elseif r.kind == "card" then duel:click_card(r.card)
  elseif r.kind == "player" then duel:click_player(r.player) end
  layout = ui.layout(duel)
end

function love.keypressed(key)
  if key == "escape" then love.event.quit() end
  if key == "a" then
    duel.auto_pass = not duel.auto_pass
    duel:note("Auto-pass " .. (duel.auto_pass and "on" or "off"))
  end
  if key == "n" and duel.over then duel = Duel.new(os.time() % 100000); duel.paced = true end
end

