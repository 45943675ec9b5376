#!/usr/bin/env bash
# Prints the directory of an installed JDK of the given major version (e.g. 25), found by its release file in the
# JVM directory (JDKS_DIR, default /usr/lib/jvm), whatever the directory is called; fails when there is none.
#   find-jdk.sh MAJOR
set -euo pipefail
major="${1:?usage: find-jdk.sh MAJOR}"
for release in "${JDKS_DIR:-/usr/lib/jvm}"/*/release; do
  if grep -q "^JAVA_VERSION=\"$major[.\"]" "$release" 2> /dev/null && [[ -x "$(dirname "$release")/bin/jlink" ]]; then
    dirname "$release"
    exit 0
  fi
done
echo "no JDK $major in ${JDKS_DIR:-/usr/lib/jvm} (no */release with JAVA_VERSION=\"$major...\")" >&2
exit 1
