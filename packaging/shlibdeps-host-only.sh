#!/bin/sh
# dpkg-shlibdeps for the fleetdeck package, minus the agents built for other architectures:
# those are payload copied to servers, and their libc is not a dependency of this package.
host=$(dpkg --print-architecture)
case "$host" in amd64) machine="x86-64" ;; arm64) machine="aarch64" ;; *) machine="" ;; esac
args=""
for a in "$@"; do
  if [ -f "$a" ] && [ -n "$machine" ] && file -b "$a" | grep -q '^ELF' && ! file -b "$a" | grep -qi "$machine"; then
    continue
  fi
  args="$args $a"
done
# shellcheck disable=SC2086
exec dpkg-shlibdeps $args
