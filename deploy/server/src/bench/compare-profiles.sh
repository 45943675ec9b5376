#!/usr/bin/env bash
# A proxy measurement of baseline against tuned until the project's own load driver (./order load) exists:
# wrk places new orders (new-order.lua: POST /Order/api/orders, 1-9 lines, no think time) against
# ./order run --profile P, at 20, 60 and 100 connections, both profiles in the same run, alternating, ROUNDS
# times. wrk runs on the same machine as the server and the database, so it takes CPU from them.
#
#   deploy/server/src/bench/compare-profiles.sh          settings: ROUNDS (2), SECONDS_PER_STEP (30),
#                                                          WARMUP_SECONDS (30), USERS ("20 60 100"),
#                                                          PORT_OFFSET (0: HTTP 8080, management 9990)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
script="$root/deploy/server/src/bench/new-order.lua"
rounds="${ROUNDS:-2}"
step="${SECONDS_PER_STEP:-30}"
warmup="${WARMUP_SECONDS:-30}"
users=(${USERS:-20 60 100})
offset="${PORT_OFFSET:-0}"
http="http://127.0.0.1:$((8080 + offset))"
health="http://127.0.0.1:$((9990 + offset))/health/ready"
command -v wrk > /dev/null || { echo "wrk is not installed (Debian: apt-get install wrk)" >&2; exit 2; }

results="$(mktemp)"
server_pid=""
stop_server() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2> /dev/null; then
    kill -TERM "$server_pid"
    wait "$server_pid" || true
  fi
  server_pid=""
}
trap 'stop_server; rm -f "$results"' EXIT

run_profile() { # profile round
  local profile="$1" round="$2"
  echo "== round $round, profile $profile: starting ./order run --profile $profile ..."
  "$root/order" run --profile "$profile" -D "jboss.socket.binding.port-offset=$offset" > "$root/var/bench-$profile.log" 2>&1 &
  server_pid=$!
  local deadline=$((SECONDS + 600))
  until curl -fs -o /dev/null "$health" && grep -q 'Order is running' "$root/var/bench-$profile.log"; do
    kill -0 "$server_pid" 2> /dev/null || { tail -20 "$root/var/bench-$profile.log"; exit 1; }
    ((SECONDS < deadline)) || { echo "not ready in 600 s" >&2; exit 1; }
    sleep 2
  done
  wrk -t2 -c"${users[-1]}" -d"${warmup}s" -s "$script" "$http" > /dev/null
  for n in "${users[@]}"; do
    local line
    line="$(wrk -t2 -c"$n" -d"${step}s" --timeout 30s -s "$script" "$http" | grep '^orders:')"
    echo "   $n users: $line"
    echo "$profile $n $(awk '{ for (i = 1; i <= NF; i++) if ($i == "req/s,") print $(i - 1) }' <<< "$line") \
$(grep -o '[0-9]* not 201' <<< "$line" | cut -d' ' -f1)" >> "$results"
  done
  stop_server
}

for round in $(seq "$rounds"); do
  # Alternate which profile goes first, so a drift of the machine over time does not favour one of them.
  if ((round % 2)); then order=(baseline tuned); else order=(tuned baseline); fi
  for profile in "${order[@]}"; do run_profile "$profile" "$round"; done
done

echo
echo "Orders per second (mean of $rounds rounds of ${step} s; wrk on the same machine)"
printf '%6s %12s %12s %8s %22s\n' users baseline tuned ratio "not 201 (b / t)"
for n in "${users[@]}"; do
  awk -v n="$n" '$2 == n { sum[$1] += $3; count[$1]++; failed[$1] += $4 }
    END { b = sum["baseline"] / count["baseline"]; t = sum["tuned"] / count["tuned"];
          printf "%6d %12.1f %12.1f %8.2f %14d / %d\n", n, b, t, t / b, failed["baseline"], failed["tuned"] }' "$results"
done
echo
echo "Per round:"
awk '{ printf "  %-8s %4d users %8.1f orders/s %6d not 201\n", $1, $2, $3, $4 }' "$results"
