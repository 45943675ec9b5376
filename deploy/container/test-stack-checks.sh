# shellcheck shell=bash
# The checks of test-stack.sh on the running stack, sourced by it: the containers awaited healthy, the server
# started with a profile, the image, the containers' hardening, the admin API, HTTPS, the restart after the JVM died,
# and an order placed and read back from the database. They use the script's settings ($root, $here, $app, $db,
# $app_image, $http_port, $https_port, $tls_dir, $log) and helpers (say, fail, step_done, compose).

await_healthy() { # container seconds
  local deadline=$((SECONDS + $2))
  until podman healthcheck run "$1" > /dev/null 2>&1; do
    [[ "$(podman inspect --format '{{.State.Running}}' "$1" 2> /dev/null)" == true ]] \
      || fail "$1 stopped: $(podman inspect --format '{{.State.Status}} (exit {{.State.ExitCode}})' "$1" 2>&1)"
    ((SECONDS < deadline)) || fail "$1 not healthy within $2 s"
    sleep 2
  done
}

sql() { podman exec -i "$db" sh -c 'MYSQL_PWD="$MYSQL_ROOT_PASSWORD" exec mariadb -h 127.0.0.1 -uroot --batch --skip-column-names orderdb'; }

start_app() { # profile admin-password(empty: none) certificate(empty: none)
  export ORDER_PROFILE="$1" ORDER_ADMIN_PASSWORD="$2" ORDER_TLS_CERTIFICATE="$3"
  compose_files=(-f "$here/compose.yaml")
  [[ -z "$3" ]] || compose_files+=(-f "$here/compose.tls.yaml")
  say "Stack: starting the application server, profile $1${3:+, with a certificate} ..."
  compose up -d --no-deps app
  await_healthy "$app" 300
  step_done "Server healthy, $1"
  # The profile really is the one asked for: the server runs the profile's configuration file.
  local expected_config boot processes
  expected_config="$(sed -n 's/^server-config=//p' "$root/deploy/server/src/main/profiles/$1.properties")"
  # Read whole, then searched: grep -q in a pipe may close it early, and pipefail would count podman's SIGPIPE.
  processes="$(podman top "$app" args)"
  grep -q -- "-c $expected_config " <<< "$processes" || fail "the server does not run $expected_config: $processes"
  grep -q -- "-XX:+ExitOnOutOfMemoryError" <<< "$processes" || fail "the server's JVM runs without -XX:+ExitOnOutOfMemoryError: $processes"
  # The log is kept in the volume across starts: the last start-up line is this one's.
  boot="$(podman exec "$app" grep -ho 'WFLYSRV0025.*started in [0-9]*ms' /var/lib/order/server/log/server.log | tail -n 1 || true)"
  say "Stack: healthy; the server runs $expected_config; ${boot:-no start-up line in server.log}"
}

# The image: its admin realm empty (no identity) and no password in its environment.
check_image() {
  local users env
  users="$(podman run --rm --entrypoint /bin/ls "$app_image" -A /opt/wildfly/standalone/configuration/order-admin-identities)"
  [[ -z "$users" ]] || fail "the image's admin realm holds a user: $users"
  env="$(podman image inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$app_image")"
  grep -qi 'PASSWORD' <<< "$env" && fail "the image's environment names a password: $env"
  say "Image: an empty admin realm, no password in its environment"
}

# A running container as compose.yaml makes it: read-only root, its image's unprivileged user from the start, no
# capability, not even one to regain (the bounding set is empty), no-new-privileges, limits and a restart policy.
check_container() { # container uid
  local readonly_root status field settings memory cpus pids restart
  readonly_root="$(podman inspect --format '{{.HostConfig.ReadonlyRootfs}}' "$1")"
  [[ "$readonly_root" == true ]] || fail "$1: the root file system is not read-only"
  # PID 1 is the server's start script or mysqld itself.
  status="$(podman exec "$1" cat /proc/1/status)"
  for field in Uid Gid; do
    [[ "$(awk -v f="$field:" '$1 == f { print $2 $3 $4 $5 }' <<< "$status")" == "$2$2$2$2" ]] \
      || fail "$1: PID 1 runs with $(grep "^$field:" <<< "$status"), not $2"
  done
  for field in CapPrm CapEff CapBnd CapAmb; do
    [[ "$(awk -v f="$field:" '$1 == f { print $2 }' <<< "$status")" == 0000000000000000 ]] \
      || fail "$1: PID 1 holds capabilities: $(grep "^$field:" <<< "$status")"
  done
  [[ "$(awk '$1 == "NoNewPrivs:" { print $2 }' <<< "$status")" == 1 ]] || fail "$1: no-new-privileges is not set"
  settings="$(podman inspect --format '{{.HostConfig.Memory}} {{.HostConfig.NanoCpus}} {{.HostConfig.PidsLimit}} {{.HostConfig.RestartPolicy.Name}}' "$1")"
  read -r memory cpus pids restart <<< "$settings"
  ((memory > 0 && cpus > 0 && pids > 0)) || fail "$1: not limited (memory, nano-CPUs, processes: $settings)"
  [[ "$restart" == unless-stopped ]] || fail "$1: restart policy '$restart', not unless-stopped"
  say "Container $1: read-only root, uid $2, no capability, no-new-privileges, limits $((memory >> 20)) MiB, $((cpus / 1000000000)) CPUs, $pids processes; restart $restart"
}

# The application container: hardened, and management unreachable from outside the container.
check_hardening() {
  local address status
  check_container "$app" 185
  address="$(podman inspect --format '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$app")"
  if [[ -n "$address" ]]; then
    status="$(curl -s -o /dev/null -w '%{http_code}' --max-time 3 "http://$address:9990/health/ready" || true)"
    [[ "$status" == 000 ]] || fail "management answers on the container's address $address:9990 (HTTP $status)"
    status="$(curl -s -o /dev/null -w '%{http_code}' --max-time 3 "http://$address:8080/Order/api/ping" || true)"
    [[ "$status" == 200 ]] || fail "the application does not answer on the container's address $address:8080 (HTTP $status)"
  fi
  say "Container $app: management on loopback only (checked from $address)"
}

# The admin API through the published port: refused to anonymous callers, whatever the configuration.
check_admin() { # admin-password(empty: none)
  local url="http://127.0.0.1:$http_port/Order/api/admin/reference-data" reply status body
  await_published_port
  reply="$(mktemp)"
  status="$(curl -s -o "$reply" -w '%{http_code}' --max-time 30 -X POST "$url/reset?scope=all")"
  body="$(cat "$reply")"
  if [[ -n "$1" ]]; then
    [[ "$status" == 401 ]] || fail "an anonymous admin reset answered $status, not 401: $body"
    status="$(curl -s -o "$reply" -w '%{http_code}' --max-time 30 -u "admin:$1" "$url/plan?scale=0.002")"
    [[ "$status" == 200 ]] || fail "the administrator's GET $url/plan answered $status: $(cat "$reply")"
    say "Admin API: anonymous reset refused (401), the administrator answered (200)"
  else
    [[ "$status" == 403 && "$body" == *ORDER_ADMIN_PASSWORD* ]] \
      || fail "without an admin password an anonymous admin reset answered $status, not 403 with how to turn it on: $body"
    say "Admin API: off without a password (403: ${body:0:80}...)"
  fi
  rm -f "$reply"
}

# HTTPS: with a certificate the entry point makes it the server's key store (served once the configuration reads
# order.tls.key-store) and turns HTTPS on; without one the server serves plain HTTP only and says so.
check_tls() { # certificate(empty: none)
  local logs config status
  logs="$(podman logs "$app" 2>&1)"
  if [[ -z "$1" ]]; then
    grep -q "order: no ORDER_TLS_KEY_STORE: plain HTTP only" <<< "$logs" \
      || fail "without a certificate the entry point did not say that it serves plain HTTP only"
    say "HTTPS: no certificate given; the entry point says it serves plain HTTP only"
    return
  fi
  grep -q "order: HTTPS with the certificate in /run/secrets/order-tls: subject=CN *= *localhost" <<< "$logs" \
    || fail "the entry point did not take the certificate: $(grep '^order:' <<< "$logs")"
  [[ -z "$(podman exec "$app" find /var/lib/order -name '*.p12')" ]] || fail "a key store was written into the volume"
  config="$(sed -n 's/^server-config=//p' "$root/deploy/server/src/main/profiles/$ORDER_PROFILE.properties")"
  if grep -q 'order.tls.key-store' "$root/deploy/server/target/wildfly/standalone/configuration/$config"; then
    status="$(curl -s -o /dev/null -w '%{http_code}' --max-time 30 --cacert "$tls_dir/cert.pem" \
      "https://127.0.0.1:$https_port/Order/api/ping" || true)"
    [[ "$status" == 200 ]] || fail "https://127.0.0.1:$https_port/Order/api/ping answered '$status' verified against the given certificate"
    say "HTTPS: served with the given certificate (verified against it) on port $https_port"
  else
    say "HTTPS: the certificate became the key store (no copy in the volume); not served: $config does not read order.tls.key-store"
  fi
}

# A JVM that dies (as -XX:+ExitOnOutOfMemoryError makes it, or the kernel at the memory limit) is started again
# by the container's restart policy, on the same volume.
# The JVM killed while the database is down too: the restarted container waits for the database (its entry point
# says so) and boots once the database is back, rather than starting with errors and never becoming ready.
check_restart() {
  local before pid restart_at deadline=$((SECONDS + 120))
  before="$(podman inspect --format '{{.RestartCount}}' "$app")"
  say "Restart: stopping the database ..."
  podman stop -t 60 "$db" >> "$log" 2>&1
  pid="$(podman exec "$app" bash -c 'for p in /proc/[0-9]*; do if [[ "$(cat "$p/comm" 2> /dev/null)" == java ]]; then echo "${p#/proc/}"; fi; done')"
  [[ -n "$pid" ]] || fail "no java process in $app"
  restart_at="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  say "Restart: killing the server's JVM (pid $pid in the container) ..."
  podman exec "$app" bash -c "kill -KILL $pid" >> "$log" 2>&1 || true
  until (($(podman inspect --format '{{.RestartCount}}' "$app") > before)) \
      && [[ "$(podman inspect --format '{{.State.Running}}' "$app")" == true ]]; do
    ((SECONDS < deadline)) || fail "$app was not started again within 120 s after its JVM died"
    sleep 1
  done
  # Read whole, then searched (grep -q would close the pipe early, and pipefail count podman's SIGPIPE).
  until grep -q 'waiting for the database' <<< "$(podman logs --since "$restart_at" "$app" 2>&1)"; do
    ((SECONDS < deadline)) || fail "$app, started again with the database down, did not say it waits for it"
    sleep 1
  done
  say "Restart: $app started again by its restart policy, waiting for the database; starting the database ..."
  podman start "$db" >> "$log" 2>&1
  await_healthy "$db" 120
  await_healthy "$app" 300
  grep -q 'the database answered after' <<< "$(podman logs --since "$restart_at" "$app" 2>&1)" \
    || fail "$app became healthy without saying the database answered"
  step_done "Restarted, database down then up"
  say "Restart: $app healthy once the database answered"
}

stop_app() {
  podman stop -t 60 "$app" >> "$log" 2>&1
  podman rm "$app" >> "$log" 2>&1
  step_done "Server stopped and removed"
}

load_reference_data() {
  say "Data: loading a minimal reference data set ..."
  sql <<'SQL'
INSERT INTO distribution_center (id, name, address_line1, city, state, zip_code) VALUES (1, 'Boston DC', '1 Warehouse Way', 'Boston', 'MA', '02110');
INSERT INTO pricing_method (id, name, markup_rate) VALUES (1, 'STANDARD', 0.2500);
INSERT INTO customer (id, first_name, last_name, address_line1, city, state, zip_code, pricing_method_id, distribution_center_id)
  VALUES (1, 'Ada', 'Lovelace', '12 Main Street', 'Boston', 'MA', '02110', 1, 1);
INSERT INTO product (id, name, unit_cost, reorder_point, reorder_quantity) VALUES (1, 'Sprocket', 4.00, 10, 100), (2, 'Gear', 10.00, 10, 100);
INSERT INTO inventory (product_id, distribution_center_id, quantity_on_hand) VALUES (1, 1, 500), (2, 1, 500);
SQL
}

# The health check runs inside the container; the published port is what users reach: it must answer too.
await_published_port() {
  local deadline=$((SECONDS + 60)) status
  until status="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$http_port/Order/api/ping")" \
      && [[ "$status" == 200 ]]; do
    ((SECONDS < deadline)) || fail "http://127.0.0.1:$http_port/Order/api/ping answered '$status' for 60 s"
    sleep 1
  done
}

place_and_verify_order() {
  say "Order: POST http://127.0.0.1:$http_port/Order/api/orders ..."
  local reply status body order_id total stored stock customer stored_total lines quantity expected_stock
  await_published_port
  reply="$(mktemp)"
  status="$(curl -sS -o "$reply" -w '%{http_code}' --max-time 60 -H 'Content-Type: application/json' \
    -d '{"customerId":1,"lines":[{"productId":1,"quantity":3},{"productId":2,"quantity":2}]}' \
    "http://127.0.0.1:$http_port/Order/api/orders")" || fail "POST /Order/api/orders: curl failed ($status)"
  body="$(cat "$reply")"
  rm -f "$reply"
  [[ "$status" == 201 ]] || fail "POST /Order/api/orders answered $status: $body"
  order_id="$(grep -o '"id" *: *"[0-9a-f-]*"' <<< "$body" | grep -o '[0-9a-f]\{8\}-[0-9a-f-]*' || true)"
  total="$(grep -o '"totalAmount" *: *[0-9.]*' <<< "$body" | grep -o '[0-9.]*$' || true)"
  [[ -n "$order_id" && -n "$total" ]] || fail "no order id or total in the reply: $body"
  orders_placed=$((orders_placed + 1))
  say "Order: created $order_id, total $total"

  stored="$(sql <<< "SELECT o.customer_id, o.total_amount, COUNT(l.line_number), SUM(l.quantity) FROM orders o JOIN order_line l ON l.order_id = o.id WHERE o.id = UNHEX('${order_id//-/}') GROUP BY o.id, o.customer_id, o.total_amount")"
  stock="$(sql <<< "SELECT GROUP_CONCAT(quantity_on_hand ORDER BY product_id) FROM inventory WHERE distribution_center_id = 1")"
  read -r customer stored_total lines quantity <<< "$stored"
  [[ "$customer" == 1 && "$lines" == 2 && "$quantity" == 5 ]] \
    || fail "the database holds '$stored' for order $order_id (expected customer 1, 2 lines, 5 units)"
  awk -v a="$stored_total" -v b="$total" 'BEGIN { exit !(a + 0 == b + 0) }' \
    || fail "the database holds total $stored_total, the reply said $total"
  expected_stock="$((500 - 3 * orders_placed)),$((500 - 2 * orders_placed))"
  [[ "$stock" == "$expected_stock" ]] || fail "inventory after $orders_placed order(s) is '$stock', expected $expected_stock"
  say "Database: order $order_id stored with 2 lines, total $stored_total; stock now $stock"
  step_done "Order placed and verified"
}
