-- The self-test: plays your side by clicking where a player would (the centre of a card,
-- a player's panel, a button: love.mousepressed, as a mouse does), one click per frame,
-- deciding as agents.simple would on the game as it stands at each question. Its first
-- attack includes a creature that can't attack, to show the engine's explanation and take
-- the nearest legal declaration. Saves a screenshot then (PATH-midgame.png) and at the
-- end of the game (PATH), then exits 0; exits 1 when the game doesn't end in time.
return function(arbiter, duel, ui, path)
  local policy = arbiter.agents.simple()
  local T = {}
  local plan, last_q, frames, stuck = {}, nil, 0, 0
  local asked, clicks = {}, 0             -- questions by kind:what, clicks made
  local shown_illegal, shot_mid, shot_end, quit_at = false, false, false, nil

  local function save(file, done)
    love.graphics.captureScreenshot(function(img)
      local f = assert(io.open(file, "wb"))
      f:write(img:encode("png"):getString())
      f:close()
      print("love selftest: saved " .. file)
      if done then done() end
    end)
  end

  local function click_on(layout, want)
    for _, r in ipairs(layout) do
      if (want.card and r.card == want.card) or (want.player and r.player == want.player)
        or (want.button and r.label == want.button) then
        love.mousepressed(r.x + r.w / 2, r.y + r.h / 2, 1)
        return true
      end
    end
    error("love selftest: nothing on screen to click for " .. (want.button or tostring(want.card or want.player)))
  end

  local function keys(decl)
    local out = {}
    for k, v in pairs(decl) do out[#out + 1] = type(k) == "number" and v or k end
    table.sort(out, function(a, b) return a.id < b.id end)
    return out
  end

  local function plan_for(q)
    local g, p, out = q.game, q.player, {}
    if q.kind == "may" then
      out[1] = { button = policy.may(p, q.what, q.ctx) and "Yes" or "No" }
    elseif q.kind == "priority" then    -- a Shock at the opponent's face at the end of its turn
      for _, o in ipairs(q.options) do
        if o.cast and o.cast.name == "Shock" and g.active_player ~= p and g.step == "end" then
          out[1] = { card = o.cast }
          return out
        end
      end
      out[1] = { button = "Pass" }
    elseif q.kind == "choose" then
      local pick = policy.choose(p, q.what, q.options, q.ctx)
      local kind = arbiter.core.kind(pick)
      if kind == "card" then out[1] = { card = pick }
      elseif kind == "player" then out[1] = { player = pick }
      else
        for i, o in ipairs(q.options) do if o == pick then out[1] = { button = q.names[i] } end end
      end
    elseif q.kind == "attack" then
      local decl = keys(policy.attack(p, g, q.ctx))
      local mine = g:permanents(p, "Creature")
      if not shown_illegal and #mine > #decl and #decl > 0 then   -- everything: illegal
        shown_illegal = true
        for _, c in ipairs(mine) do out[#out + 1] = { card = c } end
        out[#out + 1] = { button = "Declare attack", illegal = true }
        out[#out + 1] = { button = "Declare the nearest legal one" }
        return out
      end
      for _, c in ipairs(decl) do out[#out + 1] = { card = c } end
      out[#out + 1] = { button = #decl > 0 and "Declare attack" or "No attack" }
    elseif q.kind == "block" then
      local decl = policy.block(p, g, q.ctx)
      for _, b in ipairs(keys(decl)) do
        local a = decl[b]
        out[#out + 1] = { card = b }
        out[#out + 1] = { card = type(a) == "table" and not arbiter.core.kind(a) and a[1] or a }
      end
      out[#out + 1] = { button = next(decl) and "Declare blocks" or "No blocks" }
    end
    return out
  end

  function T.step(layout)
    frames = frames + 1
    if quit_at then
      if frames >= quit_at then love.event.quit(0) end
      return
    end
    if frames > 20000 then
      io.stderr:write("love selftest: the game did not finish in 20000 frames\n")
      love.event.quit(1)
      return
    end
    if duel.over then
      if not shot_end then
        shot_end = true
        print(string.format("love selftest: game over at turn %d: %s", duel.g.turn, duel.banner))
        local kinds = {}
        for k, n in pairs(asked) do kinds[#kinds + 1] = k .. " " .. n end
        table.sort(kinds)
        print(string.format("love selftest: %d clicks answered: %s", clicks, table.concat(kinds, ", ")))
        save(path, function() quit_at = frames + 2 end)
      end
      return
    end
    local q = duel.q
    if not q then return end
    if q ~= last_q then
      last_q, plan, stuck = q, plan_for(q), 0
      local k = q.kind == q.what and q.kind or (q.kind .. ":" .. q.what)
      asked[k] = (asked[k] or 0) + 1
    end
    local want = table.remove(plan, 1)
    if not want then
      stuck = stuck + 1
      if stuck > 3 then error("love selftest: the question " .. q.kind .. " " .. q.what .. " wasn't answered: "
        .. tostring(duel.message)) end
      return
    end
    click_on(layout, want)
    clicks = clicks + 1
    if want.illegal then
      assert(duel.q == q and duel.message and duel.suggestion,
        "love selftest: an illegal attack was not refused with an explanation")
      print("love selftest: refused as expected: " .. duel.message)
      if not shot_mid then
        shot_mid = true
        save((path:gsub("%.png$", "")) .. "-midgame.png")
      end
    end
  end

  function T.after_draw() end
  return T
end
