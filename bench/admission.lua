-- wrk script for bench/admission.sh: light requests only (a nim sum, the
-- game list, a small table, a small misère value), sent while heavy ones
-- fill every heavy slot.
local json = { ["Content-Type"] = "application/json" }
local reqs = {
  wrk.format("POST", "/api/value", json, '{"spec":"nim","positions":[3,4,5]}'),
  wrk.format("GET", "/api/games"),
  wrk.format("POST", "/api/table", json, '{"spec":"kayles","upto":300}'),
  wrk.format("POST", "/api/value", json, '{"spec":"kayles","positions":[7,11]}'),
}
local i = 0
request = function()
  i = i % #reqs + 1
  return reqs[i]
end
