#!/bin/bash
# Container health check: asks WildFly's health endpoint on the management interface and succeeds on HTTP 200
# only. Needs nothing but bash (JRE images often have no curl).   health.sh ready|live|started
probe="${1:-ready}"
exec 3<>"/dev/tcp/127.0.0.1/${ORDER_MANAGEMENT_PORT:-9990}" || exit 1
printf 'GET /health/%s HTTP/1.0\r\nHost: localhost\r\n\r\n' "$probe" >&3
IFS= read -r -t 5 status <&3 || exit 1
[[ "$status" == HTTP/1.?" 200"* ]]
