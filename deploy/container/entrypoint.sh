#!/bin/bash
# Starts the Order application server in its container, configured by the environment:
#   ORDER_PROFILE       baseline (default) or tuned: the server configuration and JVM options, read from
#                       standalone/configuration/profiles/NAME.properties (the files ./order run --profile reads)
#   ORDER_DB_URL, ORDER_DB_USER, ORDER_DB_PASSWORD   the database; the datasource reads them itself
#   ORDER_DB_DIALECT    the Hibernate dialect; org.hibernate.dialect.MariaDBDialect for MariaDB (unset: MySQL)
#   JBOSS_JAVA_SIZING   replaces the profile's JVM options
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

# Profile files hold key=value lines (the launcher reads them as Java properties).
setting() { sed -n "s/^$1=//p" "$profiles/$profile.properties" | tail -n 1; }
config="$(setting server-config)"
jvm_options="$(setting jvm-options)"
if [[ -n "$jvm_options" && -z "${JBOSS_JAVA_SIZING:-}" ]]; then
  export JBOSS_JAVA_SIZING="$jvm_options"
fi

# Both interfaces listen on all addresses of the container: the application for its users, management for the
# health checks of the container engine.
args=(-c "$config" -Djboss.bind.address=0.0.0.0 -Djboss.bind.address.management=0.0.0.0)
if [[ -n "${ORDER_DB_DIALECT:-}" ]]; then
  args+=("-Dorder.db.dialect=$ORDER_DB_DIALECT")
fi
echo "order: profile $profile ($config; JVM ${JBOSS_JAVA_SIZING:-WildFly default sizing})"
# standalone.sh stays PID 1 and forwards SIGTERM to the JVM (LAUNCH_JBOSS_IN_BACKGROUND), for a graceful stop.
exec "$JBOSS_HOME/bin/standalone.sh" "${args[@]}" "$@"
