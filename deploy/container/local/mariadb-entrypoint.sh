#!/bin/bash
# Starts mariadbd; on an empty data directory it first creates the database and accounts the way the public
# mysql/mariadb images do: MYSQL_ROOT_PASSWORD, MYSQL_DATABASE, MYSQL_USER, MYSQL_PASSWORD.
# Arguments are passed to mariadbd (e.g. --max-connections=300). Runs as the mysql user, never root: the data
# directory is already its own, so there is nothing to hand over.
set -euo pipefail
: "${MYSQL_ROOT_PASSWORD:?MYSQL_ROOT_PASSWORD must be set}"

if [[ ! -d /var/lib/mysql/mysql ]]; then
  mariadb-install-db --datadir=/var/lib/mysql --auth-root-authentication-method=normal \
    --skip-test-db > /dev/null
  # Its socket and pid file in /tmp, the one place a read-only root file system leaves writable (compose.yaml).
  init=(--socket=/tmp/mariadb-init.sock --pid-file=/tmp/mariadb-init.pid)
  mariadbd --skip-networking "${init[@]}" &
  pid=$!
  for _ in $(seq 60); do
    mariadb-admin --socket=/tmp/mariadb-init.sock ping --silent 2> /dev/null && break
    sleep 0.5
  done
  {
    echo "ALTER USER 'root'@'localhost' IDENTIFIED BY '${MYSQL_ROOT_PASSWORD//\'/\'\'}';"
    # mariadb-install-db's other root accounts have no password; under --skip-name-resolve a client from
    # 127.0.0.1 would match one of them before root@'%'. The public images keep none of them either.
    echo "DROP USER IF EXISTS 'root'@'127.0.0.1', 'root'@'::1', 'root'@'${HOSTNAME}';"
    echo "CREATE USER 'root'@'%' IDENTIFIED BY '${MYSQL_ROOT_PASSWORD//\'/\'\'}';"
    echo "GRANT ALL PRIVILEGES ON *.* TO 'root'@'%' WITH GRANT OPTION;"
    if [[ -n "${MYSQL_DATABASE:-}" ]]; then
      echo "CREATE DATABASE \`$MYSQL_DATABASE\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;"
    fi
    if [[ -n "${MYSQL_USER:-}" ]]; then
      echo "CREATE USER '$MYSQL_USER'@'%' IDENTIFIED BY '${MYSQL_PASSWORD//\'/\'\'}';"
      if [[ -n "${MYSQL_DATABASE:-}" ]]; then
        echo "GRANT ALL PRIVILEGES ON \`$MYSQL_DATABASE\`.* TO '$MYSQL_USER'@'%';"
      fi
    fi
  } | mariadb --socket=/tmp/mariadb-init.sock -uroot
  kill "$pid"
  wait "$pid"
fi

exec mariadbd --bind-address=0.0.0.0 "$@"
