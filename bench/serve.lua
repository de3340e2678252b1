-- wrk script for bench/serve.sh: a mix of value, table and play requests
-- (4 value : 3 table : 3 play) against `sprague serve`. GAME is the id of
-- a game started before the run (its state and hints are read); new games
-- are started too, so the bounded map of games evicts as it fills.
local game = os.getenv("GAME") or "none"
local json = { ["Content-Type"] = "application/json" }
local reqs = {
  wrk.format("POST", "/api/value", json, '{"spec":"kayles","positions":[7,11]}'),
  wrk.format("POST", "/api/table", json, '{"spec":"kayles","upto":300}'),
  wrk.format("POST", "/api/play", json, '{"spec":"kayles","positions":[5,4],"seed":1}'),
  wrk.format("POST", "/api/value", json, '{"spec":"wythoff","positions":["30,47"]}'),
  wrk.format("POST", "/api/table", json, '{"spec":"wythoff","upto":[20,20]}'),
  wrk.format("GET", "/api/play/" .. game .. "/hints"),
  wrk.format("POST", "/api/value", json, '{"spec":"nim","positions":[3,4,5],"misere":true}'),
  wrk.format("POST", "/api/table", json, '{"spec":"subtract:1,3,4","upto":1000}'),
  wrk.format("GET", "/api/play/" .. game),
  wrk.format("POST", "/api/value", json, '{"spec":"dawson-kayles","positions":[30,40]}'),
}
local i = 0
request = function()
  i = i % #reqs + 1
  return reqs[i]
end
