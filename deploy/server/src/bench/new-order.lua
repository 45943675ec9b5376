-- wrk script: every request places a new order (POST /Order/api/orders) for a random customer of the seed
-- data set (./order run: 1,000 customers, 200 products) with 1 to 9 lines, as the guide's OLTP orders have.
-- Non-2xx replies are counted and printed at the end; they are never mistaken for throughput.
local customers = tonumber(os.getenv("ORDER_CUSTOMERS") or "1000")
local products = tonumber(os.getenv("ORDER_PRODUCTS") or "200")
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(os.time() + math.floor(os.clock() * 1e6) + #tostring({}))
  failed = 0
  codes = {}
end

function request()
  local lines, used = {}, {}
  for i = 1, math.random(1, 9) do
    local product
    repeat product = math.random(1, products) until not used[product]
    used[product] = true
    lines[#lines + 1] = string.format('{"productId":%d,"quantity":%d}', product, math.random(1, 5))
  end
  local body = string.format('{"customerId":%d,"lines":[%s]}', math.random(1, customers), table.concat(lines, ","))
  return wrk.format("POST", "/Order/api/orders", {["Content-Type"] = "application/json"}, body)
end

function response(status, headers, body)
  if status ~= 201 then
    failed = failed + 1
    codes[status] = (codes[status] or 0) + 1
  end
end

function done(summary, latency, requests)
  local failures, by_status = 0, {}
  for _, thread in ipairs(threads) do
    failures = failures + thread:get("failed")
    for status, count in pairs(thread:get("codes")) do
      by_status[status] = (by_status[status] or 0) + count
    end
  end
  local statuses = {}
  for status, count in pairs(by_status) do
    statuses[#statuses + 1] = string.format("%d x %s", count, status)
  end
  io.write(string.format("orders: %d requests, %d not 201%s, %.1f req/s, latency p50 %.1f ms p99 %.1f ms\n",
    summary.requests, failures, #statuses > 0 and " (" .. table.concat(statuses, ", ") .. ")" or "",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
