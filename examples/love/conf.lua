-- LÖVE 11 configuration for the arbiter duel (examples/love/README.md).
function love.conf(t)
  t.identity = "arbiter-duel"
  t.version = "11.0"
  t.window.title = "arbiter duel — you against agents.simple"
  t.window.width, t.window.height = 1280, 800
  t.window.vsync = 1
  t.modules.audio, t.modules.sound = false, false   -- no sound; runs under Xvfb without a device
  t.modules.joystick, t.modules.physics, t.modules.video = false, false, false
end
