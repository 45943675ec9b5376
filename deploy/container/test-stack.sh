#!/usr/bin/env bash
# End-to-end check of the container deployment with podman, on a machine that cannot pull public images:
#   1. base images made here and kept as a cache while their inputs are unchanged: Debian bookworm
#      (debootstrap, from the Debian mirror of the machine's apt sources), a JRE image and a MariaDB image
#      (local/*.Containerfile); the JRE is Debian's for the Containerfile's default Java version (17), else one
#      made from the machine's JDK of that version (local/jdk-jre.Containerfile, e.g. Temurin 25);
#   2. the application image from deploy/container/Containerfile, the local JRE image as JRE_IMAGE, with the
#      Java version as JDK; its java checked to be that version;
#   3. the stack of deploy/container/compose.yaml (podman-compose), the local MariaDB in place of MySQL, and
#      the compose health checks run until both containers are healthy;
#   4. for each profile in turn: the server started with it, one order placed through the container's HTTP
#      port and read back from the database (reference data loaded after the first deployment made the schema);
#      both containers hardened as compose.yaml says: a read-only root file system, their images' non-root users,
#      no capability (not even in the bounding set), no-new-privileges, memory, CPU and process limits and a
#      restart policy; the server's JVM with -XX:+ExitOnOutOfMemoryError; management on loopback only (the
#      health check inside still works), no secret in the image (its admin realm ships empty), and the admin API refused to anonymous
#      callers through the published port: 401 with an admin password set (the first profile), 403 with the
#      message saying how to turn it on without one (the others); the administrator's own call answered;
#      the first profile with a certificate (compose.tls.yaml, a PEM made here) and, once the configuration
#      reads order.tls.key-store, HTTPS verified against it; the others without one (the entry point says HTTPS
#      has no key store); in the first, the JVM killed and the container started again by its restart policy;
#   5. everything the run started is removed on exit; the base images stay (the cache).
# Installs nothing. Needs podman, podman-compose, curl, openssl, debootstrap and root (for debootstrap, when the
# Debian image is not cached yet), and the build: ./mvnw package -DskipTests.
#
# Settings (environment): ORDER_STACK_JDK (the Java version of the image: JDK of the Containerfile, whose default
# applies when unset), ORDER_PROFILES (the profiles to start in turn; default "tuned baseline"),
# ORDER_STACK_HTTP_PORT (18080), ORDER_STACK_HTTPS_PORT (18443), ORDER_STACK_DB_PORT (13306), DEBIAN_MIRROR
# (default: the apt sources' mirror).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/deploy/container"
read -r -a profiles <<< "${ORDER_PROFILES:-tuned baseline}"
http_port="${ORDER_STACK_HTTP_PORT:-18080}"
https_port="${ORDER_STACK_HTTPS_PORT:-18443}"
db_port="${ORDER_STACK_DB_PORT:-13306}"
project="order-stack-test"
debian_image="localhost/order-test-debian:bookworm"
jdk="${ORDER_STACK_JDK:-$(grep -m 1 -oP '^ARG JDK=\K[0-9]+' "$here/Containerfile")}"
jre_image="localhost/order-test-jre:$jdk"
mariadb_image="localhost/order-test-mariadb:10.11"
# The project's version, as compose.yaml's image tag is; a repository of the test's own, so a user's image stays.
version="$(grep -m 1 -oP '^  <version>\K[^<]+' "$root/pom.xml")"
app_repository="localhost/order-test-app"
app_image="$app_repository:$version"
inputs_label="org.orderapp.inputs"

started=$SECONDS
step_started=$SECONDS
timings=()
say() { printf '[test-stack %4ds] %s\n' "$((SECONDS - started))" "$*"; }
step_done() {
  timings+=("$(printf '%-34s %4d s' "$1" "$((SECONDS - step_started))")")
  step_started=$SECONDS
}
# The reason of a failure is said when it happens and again as the last line, after the logs.
failure=""
fail() { failure="$*"; say "FAILED: $*"; exit 1; }
# A command that fails outside fail() (set -e) is named too, with its line.
set -E
trap 'code=$?; [[ -n "$failure" ]] || failure="line $LINENO: $BASH_COMMAND (exit $code)"' ERR
# Output of the noisy tools (debootstrap, builds, podman-compose) goes here; shown when a step fails.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
quietly() { "$@" >> "$log" 2>&1 || { tail -n 40 "$log" | sed 's/^/    /'; fail "$1 failed"; }; }

for tool in podman podman-compose curl openssl sha256sum; do
  command -v "$tool" > /dev/null || fail "$tool is not installed"
done
for built in "$root/deploy/ear/target/order.ear" \
             "$root/deploy/server/target/wildfly/standalone/configuration/order-tuned.xml"; do
  [[ -f "$built" ]] || fail "$built is missing; build first: ./mvnw -B package -DskipTests"
done

# --- 1. Base images, each rebuilt only when the hash of its inputs (stored as a label) changes. -----------------

inputs_of() { podman image inspect --format "{{ index .Labels \"$inputs_label\" }}" "$1" 2> /dev/null || true; }
hash_of() { cat "$@" | sha256sum | cut -c1-16; }

debian_mirror() {
  if [[ -n "${DEBIAN_MIRROR:-}" ]]; then echo "$DEBIAN_MIRROR"; return; fi
  local found
  # Every stage reads its whole input (no early exit that pipefail would count as a failure).
  found="$({
    grep -hsE '^[[:space:]]*deb[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
      | awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^https?:\/\//) { print $i; break } }'
    grep -hsE '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{ print $2 }'
  } | awk '!/-security/ && NF && !seen++ { print }' || true)"
  echo "${found:-http://deb.debian.org/debian}"
}

ensure_debian_image() {
  local mirror key
  mirror="$(debian_mirror)"
  key="$(echo "debootstrap --variant=minbase bookworm $mirror" | sha256sum | cut -c1-16)"
  if [[ "$(inputs_of "$debian_image")" == "$key" ]]; then
    say "Debian base image: cached ($debian_image)"
    return
  fi
  command -v debootstrap > /dev/null || fail "debootstrap is not installed"
  [[ "$(id -u)" == 0 ]] || fail "debootstrap needs root to build $debian_image"
  say "Debian base image: debootstrap bookworm from $mirror ..."
  local work
  work="$(mktemp -d)"
  trap 'rm -rf "$work" "$log"' EXIT
  quietly debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror"
  tar --numeric-owner -C "$work/rootfs" -cf "$work/rootfs.tar" .
  quietly podman import --change 'CMD ["/bin/bash"]' --change "LABEL $inputs_label=$key" \
    "$work/rootfs.tar" "$debian_image"
  rm -rf "$work"
  trap 'rm -f "$log"' EXIT
}

# A local image is current while the hash of its inputs, the Debian image's id among them, is its label.
local_image_key() { hash_of "$@" <(podman image inspect --format '{{.Id}}' "$debian_image"); }
is_cached() { # image key
  [[ "$(inputs_of "$1")" == "$2" ]] && say "Base image: cached ($1)"
}
build_local_image() { # image key containerfile context
  say "Base image: building $1 ..."
  quietly podman build --build-arg "BASE_IMAGE=$debian_image" --label "$inputs_label=$2" -f "$3" -t "$1" "$4"
}

ensure_local_image() { # image containerfile files...
  local key
  key="$(local_image_key "${@:2}")"
  is_cached "$1" "$key" || build_local_image "$1" "$key" "$2" "$here/local"
}

# Debian packages JRE 17 only; another version is a JRE made with the jlink of the machine's JDK of that version
# (its release file is the input). Made here rather than in the build: its trust store may be a link to the
# machine's (as Debian links it), which jlink reads and a build context would not follow.
ensure_jre_image() {
  if [[ "$jdk" == 17 ]]; then
    ensure_local_image "$jre_image" "$here/local/jre.Containerfile"
    return
  fi
  local jdk_home key work modules
  jdk_home="$("$here/local/find-jdk.sh" "$jdk" 2>> "$log")" || fail "no JDK $jdk on this machine to make $jre_image from"
  key="$(local_image_key "$here/local/jdk-jre.Containerfile" "$jdk_home/release")"
  is_cached "$jre_image" "$key" && return
  say "JRE $jdk: made with $jdk_home/bin/jlink ..."
  work="$(mktemp -d)"
  trap 'rm -rf "$work" "$log"' EXIT
  # Every module but those that make images: a JDK without packaged modules (JEP 493) cannot copy them.
  modules="$("$jdk_home/bin/java" --list-modules | sed 's/@.*//' | grep -vx -e jdk.jlink -e jdk.jpackage | paste -sd,)"
  quietly "$jdk_home/bin/jlink" --output "$work/jre" --add-modules "$modules" --strip-java-debug-attributes \
    --no-man-pages --no-header-files
  build_local_image "$jre_image" "$key" "$here/local/jdk-jre.Containerfile" "$work/jre"
  rm -rf "$work"
  trap 'rm -f "$log"' EXIT
}

ensure_debian_image
step_done "Debian base image"
ensure_jre_image
step_done "JRE image"
ensure_local_image "$mariadb_image" "$here/local/mariadb.Containerfile" "$here/local/mariadb-entrypoint.sh"
step_done "MariaDB image"

# --- 2. The application image, from the Containerfile users build, on the local JRE. ---------------------------

say "Application image: building $app_image from deploy/container/Containerfile on $jre_image ..."
previous_app_image="$(podman image inspect --format '{{.Id}}' "$app_image" 2> /dev/null || true)"
quietly podman build -f "$here/Containerfile" --ignorefile "$here/Containerfile.dockerignore" \
  --build-arg "JDK=$jdk" --build-arg "JRE_IMAGE=$jre_image" -t "$app_image" "$root"
# The image of the previous run, now untagged, is not kept (the base images are the cache).
if [[ -n "$previous_app_image" && "$previous_app_image" != "$(podman image inspect --format '{{.Id}}' "$app_image")" ]]; then
  podman rmi "$previous_app_image" >> "$log" 2>&1 || true
fi
java_version="$(podman run --rm --entrypoint java "$app_image" -version 2>&1)"
java_version="${java_version%%$'\n'*}"
[[ "$java_version" =~ \"$jdk[.\"] ]] || fail "the image's java is not $jdk: $java_version"
say "Application image: $java_version"
step_done "Application image"

# --- 3. The stack of compose.yaml; removed on exit, whatever happens. ---------------------------------------------

# Fresh credentials for every run, handed over in the environment only.
export ORDER_DB_PASSWORD="$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')"
export MYSQL_ROOT_PASSWORD="$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')"
export ORDER_IMAGE="$app_repository" ORDER_VERSION="$version" MYSQL_IMAGE="$mariadb_image"
export ORDER_DB_DIALECT="org.hibernate.dialect.MariaDBDialect"
export ORDER_HTTP_PORT="$http_port" ORDER_HTTPS_PORT="$https_port" ORDER_DB_PORT="$db_port"
db="${project}_db_1"
app="${project}_app_1"

compose_files=(-f "$here/compose.yaml")
compose() { quietly podman-compose --no-ansi -p "$project" "${compose_files[@]}" "$@"; }

# Containers, volume and network of the stack, found by their compose label: a graceful stop (SIGTERM to the
# server and the database), then removal.
remove_resources() {
  local filter="label=io.podman.compose.project=$project" containers
  containers="$(podman ps -aq --filter "$filter")"
  if [[ -n "$containers" ]]; then
    podman stop -t 60 $containers >> "$log" 2>&1
    podman rm -f $containers >> "$log" 2>&1
  fi
  podman volume ls -q --filter "$filter" | xargs -r podman volume rm -f >> "$log" 2>&1
  podman network ls -q --filter "$filter" | xargs -r podman network rm -f >> "$log" 2>&1
  return 0
}

remove_stack() {
  local status=$?
  set +e
  if [[ $status != 0 ]]; then
    say "Application container log (last lines):"
    podman logs --tail 40 "$app" 2>&1 | sed 's/^/    /'
    say "Server log (last lines):"
    podman cp "$app:/var/lib/order/server/log/server.log" - 2> /dev/null | tar -xO 2> /dev/null | tail -40 | sed 's/^/    /'
  fi
  local stop_started=$SECONDS
  remove_resources
  rm -rf "$log" "${tls_dir:-}"
  say "Stack removed ($((SECONDS - stop_started)) s)"
  if [[ $status != 0 ]]; then
    say "FAILED: ${failure:-exit status $status}"
  fi
  if [[ $status == 0 ]]; then
    say "Timings:"
    printf '    %s\n' "${timings[@]}" "$(printf '%-34s %4d s' "Stop and remove" "$((SECONDS - stop_started))")" \
      "$(printf '%-34s %4d s' "Total" "$((SECONDS - started))")"
  fi
  exit $status
}
trap remove_stack EXIT

# A certificate for the server, made for this run: the key then the certificate in one PEM, readable by the
# server's uid only (compose.tls.yaml mounts the file as it is).
tls_dir="$(mktemp -d)"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$tls_dir/key.pem" -out "$tls_dir/cert.pem" 2>> "$log"
cat "$tls_dir/key.pem" "$tls_dir/cert.pem" > "$tls_dir/server.pem"
chown 185:185 "$tls_dir/server.pem"
chmod 0400 "$tls_dir/server.pem"

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
check_restart() {
  local before pid deadline=$((SECONDS + 120))
  before="$(podman inspect --format '{{.RestartCount}}' "$app")"
  pid="$(podman exec "$app" bash -c 'for p in /proc/[0-9]*; do if [[ "$(cat "$p/comm" 2> /dev/null)" == java ]]; then echo "${p#/proc/}"; fi; done')"
  [[ -n "$pid" ]] || fail "no java process in $app"
  say "Restart: killing the server's JVM (pid $pid in the container) ..."
  podman exec "$app" bash -c "kill -KILL $pid" >> "$log" 2>&1 || true
  until (($(podman inspect --format '{{.RestartCount}}' "$app") > before)) \
      && [[ "$(podman inspect --format '{{.State.Running}}' "$app")" == true ]]; do
    ((SECONDS < deadline)) || fail "$app was not started again within 120 s after its JVM died"
    sleep 1
  done
  await_healthy "$app" 300
  step_done "Restarted after the JVM died"
  say "Restart: $app started again by its restart policy and healthy"
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

orders_placed=0
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

# A stack left behind by an interrupted run would block the names.
remove_resources
# podman-compose does not wait for depends_on's service_healthy: the database is started and awaited first.
say "Stack: starting the database ($mariadb_image) ..."
compose up -d db
await_healthy "$db" 120
step_done "Database healthy"
check_container "$db" 999

check_image
# Every profile in turn on the same database; the first deployment creates the schema (Flyway). The first runs
# with an admin password and a certificate, the others without.
admin_password="$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')"
certificate="$tls_dir/server.pem"
for profile in "${profiles[@]}"; do
  start_app "$profile" "$admin_password" "$certificate"
  check_hardening
  check_tls "$certificate"
  check_admin "$admin_password"
  if ((orders_placed == 0)); then load_reference_data; fi
  place_and_verify_order
  say "Server: $(podman stats --no-stream --format '{{.MemUsage}} memory, {{.PIDs}} processes' "$app")"
  if [[ -n "$certificate" ]]; then
    check_restart
    place_and_verify_order
  fi
  stop_app
  admin_password=""
  certificate=""
done
say "PASSED (profiles: ${profiles[*]})"
