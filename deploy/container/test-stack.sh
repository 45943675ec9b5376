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
#      has no key store); in the first, the database stopped and the JVM killed: the container started again by
#      its restart policy waits for the database, and is healthy once the database is started again;
#   5. everything the run started is removed on exit; the base images stay (the cache).
# Installs nothing. Needs podman, podman-compose, curl, openssl, debootstrap and root (for debootstrap, when the
# Debian image is not cached yet), and the build: ./mvnw package -DskipTests.
# With --base-images-only it makes step 1's images and stops there: it needs no build, so CI makes them while Maven
# builds and tests.
#
# Settings (environment): ORDER_STACK_JDK (the Java version of the image: JDK of the Containerfile, whose default
# applies when unset), ORDER_PROFILES (the profiles to start in turn; default "tuned baseline"),
# ORDER_STACK_HTTP_PORT (18080), ORDER_STACK_HTTPS_PORT (18443), ORDER_STACK_DB_PORT (13306), DEBIAN_MIRROR
# (default: the apt sources' mirror).
set -euo pipefail
base_images_only=false
case "${1:-}" in
  "") ;;
  --base-images-only) base_images_only=true ;;
  *) echo "usage: $0 [--base-images-only]" >&2; exit 2 ;;
esac

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
$base_images_only || for built in "$root/deploy/ear/target/order.ear" \
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
if $base_images_only; then
  say "Base images ready (JRE $jdk)"
  exit 0
fi

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
    podman cp "$app:/var/lib/order/server/log/server.log" - 2> /dev/null | tar -xO 2> /dev/null > "$log.server" || true
    tail -40 "$log.server" | sed 's/^/    /'
    say "Server log, its errors and their causes (first lines):"
    grep -E ' ERROR |Caused by' "$log.server" | cut -c1-400 | head -30 | sed 's/^/    /'
    rm -f "$log.server"
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

# The checks of the running stack, functions that read the settings above.
# shellcheck source=deploy/container/test-stack-checks.sh
source "$here/test-stack-checks.sh"

orders_placed=0

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
