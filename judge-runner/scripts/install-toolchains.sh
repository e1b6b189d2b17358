#!/bin/sh
# Installs the sandbox and the Debian 12 toolchains the judge advertises (idempotent).
# The package list is toolchain-packages.txt beside this script (the judge image reads it too).
set -eu
PACKAGES=$(grep -v '^#' "$(dirname "$0")/toolchain-packages.txt" | tr '\n' ' ')
missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
# node may come from another repository (e.g. nodesource); do not replace it.
if command -v node >/dev/null 2>&1; then missing=$(echo "$missing" | sed 's/ nodejs//'); fi
if command -v java >/dev/null 2>&1 && command -v javac >/dev/null 2>&1; then missing=$(echo "$missing" | sed 's/ default-jdk-headless//'); fi
if [ -n "$missing" ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends $missing
fi
# Programs expect en_US.UTF-8 (judge.md §2.1 environments).
if ! locale -a 2>/dev/null | grep -qi '^en_US.utf8$'; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO sed -i 's/^# *en_US.UTF-8 UTF-8/en_US.UTF-8 UTF-8/' /etc/locale.gen
  $SUDO locale-gen
fi
echo "toolchains ready"
