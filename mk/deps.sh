#!/bin/sh
# SPDX-License-Identifier: MIT
# deps.sh - the packages of mk/deps.txt.
#   sh mk/deps.sh check     name every missing package and fail (make test
#                           runs this before building anything)
#   sh mk/deps.sh install   as root: apt-get install the missing ones;
#                           otherwise name them and fail (make deps)
# A package counts as there when its probe succeeds, not when dpkg says so:
# what the build needs is the command or the file.
LIST=${DEPS_LIST:-$(dirname "$0")/deps.txt}

present() {   # KIND WHAT
    case $1 in
    cmd) command -v "$2" >/dev/null 2>&1 ;;
    file) for f in $2; do [ -e "$f" ] && return 0; done; return 1 ;;
    *) echo "deps.sh: $LIST: unknown probe kind '$1'" >&2; exit 2 ;;
    esac
}

missing=""
while read -r pkg kind what; do
    case $pkg in ''|'#'*) continue ;; esac
    if ! present "$kind" "$what"; then
        missing="$missing $pkg"
        echo "missing: $pkg (no $kind $what)" >&2
    fi
done < "$LIST"

case ${1:-check} in
check)
    [ -z "$missing" ] && exit 0
    echo "install them first (Debian 12): apt-get install$missing   (or, as root: make deps)" >&2
    exit 1 ;;
install)
    [ -z "$missing" ] && { echo "deps: every package of $LIST is there"; exit 0; }
    if [ "$(id -u)" != 0 ]; then
        echo "as root, run: apt-get update && apt-get install --no-install-recommends$missing" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null || exit 1
    # the probes again: a package that installed without what it promises
    # (a renamed file, say) is a failure here, not deep in a build
    exec sh "$0" check ;;
*)
    echo "usage: sh mk/deps.sh check|install" >&2; exit 2 ;;
esac
