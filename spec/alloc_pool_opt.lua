-- A second process for spec/alloc_pool_spec.lua: loads arbiter.core, with the registry's
-- "arbiter.keep_allocator" set first when arg[1] is "keep" (arg[2]: the cpath), and prints what
-- the pool keeps ("none": the host's allocator was left as it was).
package.cpath = arg[2] .. ";" .. package.cpath
if arg[1] == "keep" then debug.getregistry()["arbiter.keep_allocator"] = true end
local core = require("arbiter.core")
do local t = {} for i = 1, 5000 do t[i] = { i } end assert(#t == 5000) end
collectgarbage()
io.write(tostring(core._pool_kept() or "none"))
