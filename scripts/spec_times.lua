-- A busted output handler: utfTerminal's output, and each spec file's CPU seconds appended to
-- the file named by SPEC_TIMES_OUT ("<seconds> <file>" lines). scripts/runspecs.lua deals the
-- files to SPEC_JOBS shards by these times (scripts/spec_times.txt, measured under valgrind).
return function(options)
  local busted = require("busted")
  local handler = require("busted.outputHandlers.utfTerminal")(options)
  local out, start = os.getenv("SPEC_TIMES_OUT"), nil
  if not out then return handler end
  busted.subscribe({ "file", "start" }, function()
    start = os.clock(); return nil, true
  end)
  busted.subscribe({ "file", "end" }, function(file)
    local h = io.open(out, "a")
    if h and start then h:write(string.format("%.2f %s\n", os.clock() - start, file.name)); h:close() end
    return nil, true
  end)
  return handler
end
