#!/bin/bash
# Starts the Order application server in its container, configured by the environment:
#   ORDER_PROFILE       baseline (default) or tuned: the server configuration and JVM options, read from
#                       standalone/configuration/profiles/NAME.properties (the files ./order run --profile reads)
#   ORDER_DB_URL, ORDER_DB_USER, ORDER_DB_PASSWORD   the database; the datasource reads them itself
#   ORDER_DB_WAIT_SECONDS  how long to wait for the database's port before the server boots (default 120); past it
#                       the container exits with status 1, for its restart policy
#   ORDER_DB_DIALECT    the Hibernate dialect; org.hibernate.dialect.MariaDBDialect for MariaDB (unset: MySQL)
#   JBOSS_JAVA_SIZING   replaces the profile's heap and collector (jvm-options); the profile's jvm-options-always
#                       (-XX:+ExitOnOutOfMemoryError) come first in any case
#   ORDER_ADMIN_PASSWORD or ORDER_ADMIN_PASSWORD_FILE   the password of the administrator "admin" (role
#                       order-admin); with neither, the admin API answers 403 and says how to turn it on
#   ORDER_TLS_KEY_STORE the certificate for HTTPS (port 8443): a PKCS12 key store, a PEM file with the private key and
#                       its chain, or a directory holding tls.key and tls.crt (a Kubernetes TLS secret as mounted);
#                       unset: plain HTTP only, the server's HTTPS listener stays off (order.tls.enabled)
#   ORDER_TLS_KEYSTORE_PASSWORD or ORDER_TLS_KEYSTORE_PASSWORD_FILE   the PKCS12 key store's password (a PEM needs
#                       none); the server reads ORDER_TLS_KEYSTORE_PASSWORD and refuses to start without it, so
#                       this script always sets it, at random when nothing needs it
#   ORDER_MANAGEMENT_BIND_ADDRESS   where the management interface listens: 127.0.0.1 (default: only the health
#                       check inside the container reaches it); 0.0.0.0 exposes it on purpose (publish port 9990 too)
#   ORDER_STATE_DIR     the server's writable base directory (default /var/lib/order/server, in the image's volume):
#                       configuration copied from the image at every start, data (transaction log, message
#                       journal), logs. Nothing else is written, so the container runs with a read-only root
#                       file system (plus a writable /tmp: podman --read-only provides one, docker needs --tmpfs /tmp).
# Arguments go to standalone.sh, e.g. -Dorder.ds.max-pool-size=40.
set -euo pipefail

profiles="$JBOSS_HOME/standalone/configuration/profiles"
profile="${ORDER_PROFILE:-baseline}"
if [[ ! "$profile" =~ ^[A-Za-z0-9_-]+$ || ! -f "$profiles/$profile.properties" ]]; then
  known=$(cd "$profiles" && ls -- *.properties | sed 's/\.properties$//' | paste -sd' ')
  echo "order: unknown ORDER_PROFILE '$profile'; known profiles: $known" >&2
  exit 2
fi
for name in ORDER_DB_URL ORDER_DB_USER ORDER_DB_PASSWORD; do
  if [[ -z "${!name:-}" ]]; then
    echo "order: $name is not set; the datasource needs ORDER_DB_URL, ORDER_DB_USER and ORDER_DB_PASSWORD" >&2
    exit 2
  fi
done

# The server's base directory: a fresh configuration from the image at every start (as ./order does), the
# deployment, and the data and logs kept from earlier starts.
state="${ORDER_STATE_DIR:-/var/lib/order/server}"
mkdir -p "$state/data" "$state/log" "$state/deployments"
rm -rf "$state/configuration"
cp -R "$JBOSS_HOME/standalone/configuration" "$state/configuration"
rm -f "$state/deployments"/order.ear*
cp "$JBOSS_HOME/standalone/deployments/order.ear" "$state/deployments/order.ear"

# The admin realm (security.cli): user admin with the role order-admin, the password stored as a salted bcrypt hash,
# never in clear; written by the same library ./order uses (deploy/admin-identity), on the server's own Elytron.
admin_password=""
if [[ -n "${ORDER_ADMIN_PASSWORD_FILE:-}" ]]; then
  [[ -r "$ORDER_ADMIN_PASSWORD_FILE" ]] || { echo "order: ORDER_ADMIN_PASSWORD_FILE $ORDER_ADMIN_PASSWORD_FILE is not readable" >&2; exit 2; }
  admin_password="$(head -n 1 -- "$ORDER_ADMIN_PASSWORD_FILE")"
elif [[ -n "${ORDER_ADMIN_PASSWORD:-}" ]]; then
  admin_password="$ORDER_ADMIN_PASSWORD"
fi
unset ORDER_ADMIN_PASSWORD # the server does not need it in its environment
modules="$JBOSS_HOME/modules/system/layers/base"
identity_classes="$JBOSS_HOME/bin/order/order-admin-identity.jar:$modules/org/wildfly/security/elytron-base/main/*"
identity_classes+=":$modules/org/wildfly/common/main/*:$modules/org/jboss/logging/main/*"
for m in "$modules"/io/smallrye/common/*/main; do identity_classes+=":$m/*"; done
write_realm() { "${JAVA_HOME:+$JAVA_HOME/bin/}java" -cp "$identity_classes" org.orderapp.admin.AdminIdentities "$@"; }
if [[ -n "$admin_password" ]]; then
  printf '%s\n' "$admin_password" | write_realm "$state/configuration" admin order-admin
else
  write_realm "$state/configuration" < /dev/null
fi

# Profile files hold key=value lines (the launcher reads them as Java properties).
setting() { sed -n "s/^$1=//p" "$profiles/$profile.properties" | tail -n 1; }
config="$(setting server-config)"
# The heap and collector: the caller's, else the profile's, else WildFly's default from standalone.conf (which any
# JBOSS_JAVA_SIZING replaces whole). The profile's jvm-options-always go first, so a later option wins.
sizing="${JBOSS_JAVA_SIZING:-$(setting jvm-options)}"
if [[ -z "$sizing" ]]; then
  while IFS= read -r line; do
    if [[ "$line" =~ ^[[:space:]]*JBOSS_JAVA_SIZING=\"([^\"]*)\" ]]; then
      sizing="${BASH_REMATCH[1]}"
      break
    fi
  done < "$JBOSS_HOME/bin/standalone.conf"
  [[ -n "$sizing" ]] || { echo "order: $JBOSS_HOME/bin/standalone.conf sets no default JBOSS_JAVA_SIZING" >&2; exit 2; }
fi
always="$(setting jvm-options-always)"
export JBOSS_JAVA_SIZING="${always:+$always }$sizing"

# The application listens on all addresses of the container, for its users; management on loopback only, for
# the health check that runs inside the container.
args=(-c "$config" "-Djboss.server.base.dir=$state" -Djboss.bind.address=0.0.0.0
      "-Djboss.bind.address.management=${ORDER_MANAGEMENT_BIND_ADDRESS:-127.0.0.1}")
if [[ -z "$admin_password" ]]; then
  args+=(-Dorder.admin.enabled=false)
  echo "order: no ORDER_ADMIN_PASSWORD or ORDER_ADMIN_PASSWORD_FILE: administration is off (the admin API answers 403)"
fi
if [[ -n "${ORDER_DB_DIALECT:-}" ]]; then
  args+=("-Dorder.db.dialect=$ORDER_DB_DIALECT")
fi

# HTTPS: the server reads its key store from order.tls.key-store (its configuration names the default) with the
# password in ORDER_TLS_KEYSTORE_PASSWORD.
random_password() { head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9'; }
tls_password=""
if [[ -n "${ORDER_TLS_KEYSTORE_PASSWORD_FILE:-}" ]]; then
  [[ -r "$ORDER_TLS_KEYSTORE_PASSWORD_FILE" ]] || { echo "order: ORDER_TLS_KEYSTORE_PASSWORD_FILE $ORDER_TLS_KEYSTORE_PASSWORD_FILE is not readable" >&2; exit 2; }
  tls_password="$(head -n 1 -- "$ORDER_TLS_KEYSTORE_PASSWORD_FILE")"
elif [[ -n "${ORDER_TLS_KEYSTORE_PASSWORD:-}" ]]; then
  tls_password="$ORDER_TLS_KEYSTORE_PASSWORD"
fi
if [[ -n "${ORDER_TLS_KEY_STORE:-}" ]]; then
  given="$ORDER_TLS_KEY_STORE"
  [[ -r "$given" ]] || { echo "order: ORDER_TLS_KEY_STORE $given is not readable by uid $(id -u)" >&2; exit 2; }
  pem=()
  if [[ -d "$given" ]]; then
    pem=("$given/tls.key" "$given/tls.crt")
  elif grep -q -- '-----BEGIN' "$given"; then
    pem=("$given")
  fi
  if ((${#pem[@]})); then
    # The server takes a PKCS12 key store: the PEM is made one under /tmp, never in the volume, with the given
    # password or a random one.
    command -v openssl > /dev/null \
      || { echo "order: a PEM certificate needs openssl, which this image lacks; give a PKCS12 key store" >&2; exit 2; }
    tls_password="${tls_password:-$(random_password)}"
    store="$(mktemp -d "${TMPDIR:-/tmp}/order-tls.XXXXXX")/server.p12"
    if ! cat -- "${pem[@]}" | ORDER_TLS_KEYSTORE_PASSWORD="$tls_password" \
        openssl pkcs12 -export -name server -out "$store" -passout env:ORDER_TLS_KEYSTORE_PASSWORD 2> "$store.err"; then
      echo "order: ORDER_TLS_KEY_STORE $given holds no private key with its certificate: $(head -n 1 "$store.err")" >&2
      exit 2
    fi
    rm -f "$store.err"
    echo "order: HTTPS with the certificate in $given: $(openssl x509 -noout -subject -enddate < "${pem[-1]}" | paste -sd' ')"
  else
    [[ -n "$tls_password" ]] || { echo "order: ORDER_TLS_KEY_STORE $given is a PKCS12 key store: set ORDER_TLS_KEYSTORE_PASSWORD or ORDER_TLS_KEYSTORE_PASSWORD_FILE" >&2; exit 2; }
    store="$given"
    echo "order: HTTPS with the key store $given"
  fi
  args+=("-Dorder.tls.key-store=$store" -Dorder.tls.enabled=true)
else
  tls_password="${tls_password:-$(random_password)}"
  echo "order: no ORDER_TLS_KEY_STORE: plain HTTP only (nothing listens on 8443)"
fi
export ORDER_TLS_KEYSTORE_PASSWORD="$tls_password"
unset ORDER_TLS_KEYSTORE_PASSWORD_FILE
# The profile's server system properties (the untuned profile's platform defaults), before the caller's own.
read -r -a profile_properties <<< "$(setting system-properties)"
for p in "${profile_properties[@]}"; do
  args+=("-D$p")
done
echo "order: profile $profile ($config; JVM $JBOSS_JAVA_SIZING)"

# The database, awaited before the server boots: the batch job repository connects at boot and a failure there
# leaves the server started with errors, never ready. A database container that is healthy may still be
# unreachable for a few seconds (its name not yet in the network's DNS, or the database restarting). Any host of
# the URL answering on its port will do; past ORDER_DB_WAIT_SECONDS the container exits, for its restart policy.
db_endpoints() { # host:port of each host in a jdbc:mysql://h1[:p1][,h2[:p2]]/db URL; nothing for other forms
  local authority="${ORDER_DB_URL#jdbc:mysql://}" hostport hosts found=()
  [[ "$authority" != "$ORDER_DB_URL" ]] || return 0
  authority="${authority%%[/?]*}"
  IFS=, read -r -a hosts <<< "$authority"
  for hostport in "${hosts[@]}"; do
    [[ "$hostport" =~ ^([A-Za-z0-9._-]+)(:([0-9]+))?$ ]] || return 0
    found+=("${BASH_REMATCH[1]}:${BASH_REMATCH[3]:-3306}")
  done
  printf '%s\n' "${found[@]}"
}
wait_limit="${ORDER_DB_WAIT_SECONDS:-120}"
[[ "$wait_limit" =~ ^[0-9]+$ ]] || { echo "order: ORDER_DB_WAIT_SECONDS must be a number of seconds, not '$wait_limit'" >&2; exit 2; }
mapfile -t endpoints < <(db_endpoints)
if ((${#endpoints[@]})); then
  db_answers() {
    local endpoint
    for endpoint in "${endpoints[@]}"; do
      timeout 3 bash -c "exec 3<> /dev/tcp/${endpoint%:*}/${endpoint##*:}" 2> /dev/null && return 0
    done
    return 1
  }
  wait_started=$SECONDS
  until db_answers; do
    waited=$((SECONDS - wait_started))
    if ((waited >= wait_limit)); then
      echo "order: the database (${endpoints[*]}) did not answer within $wait_limit s (ORDER_DB_WAIT_SECONDS); exiting" >&2
      exit 1
    fi
    [[ -n "${said_waiting:-}" ]] || { echo "order: waiting for the database (${endpoints[*]}) ..."; said_waiting=1; }
    sleep 1
  done
  waited=$((SECONDS - wait_started))
  [[ -z "${said_waiting:-}" ]] || echo "order: the database answered after $waited s"
else
  echo "order: ORDER_DB_URL names its hosts in a form not awaited here; the server connects when it boots"
fi
# standalone.sh stays PID 1 and forwards SIGTERM to the JVM (LAUNCH_JBOSS_IN_BACKGROUND), for a graceful stop.
exec "$JBOSS_HOME/bin/standalone.sh" "${args[@]}" "$@"
