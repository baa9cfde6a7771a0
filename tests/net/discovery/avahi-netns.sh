#!/bin/bash
# avahi-netns.sh — run a discovery test against a REAL avahi-daemon, each
# "machine" in its own private network namespace with its own system bus.
#
#   avahi-netns.sh solo PROGRAM [ARGS...]  one netns, a bus and avahi running; runs PROGRAM in it
#   avahi-netns.sh bare PROGRAM [ARGS...]  one netns and a bus, NO avahi; PROGRAM may start and
#                                          stop the daemon with "$PJ_AVAHI_CTL start|stop"
#   avahi-netns.sh lan  PROGRAM [ARGS...]  netns A <-veth-> netns B, a bus and avahi on each; runs
#                                          PROGRAM on A with PJ_TEST_ROLE=host and on B with
#                                          PJ_TEST_ROLE=guest; both must succeed
#   avahi-netns.sh ctl start|stop HOST     (internal) what $PJ_AVAHI_CTL runs
#
# Exit status: PROGRAM's, or 77 ("skipped" for meson) when namespaces, a bus
# or avahi-daemon cannot be had here (not root, no `ip netns`, nothing
# installed). Needs: avahi-daemon dbus iproute2 util-linux.
#
# Everything started is recorded by PID and stopped by that PID on exit, also
# when the test fails or is interrupted; the namespaces are named after this
# script's PID so parallel runs never meet.
set -uo pipefail

SKIP=77
PATH=$PATH:/usr/sbin:/sbin
AVAHI_DAEMON=${PJ_AVAHI_DAEMON:-$(command -v avahi-daemon)}
RUN_TIMEOUT=${PJ_TEST_TIMEOUT:-25}

skip() { echo "SKIP: $*" >&2; exit $SKIP; }
log() { echo "avahi-netns: $*" >&2; }

bus_addr() { echo "unix:path=$LAB/$1/system_bus_socket"; }

alive() { [ -d "/proc/$1" ] && ! grep -q '^[0-9]* ([^)]*) Z' "/proc/$1/stat" 2>/dev/null; }

stop_pidfile() {  # $1 = pid file, $2 = expected command name; SIGTERM, then wait up to 3 s
    local f=$1 pid _
    [ -f "$f" ] || return 0
    pid=$(cat "$f"); rm -f "$f"
    [ -n "$pid" ] && alive "$pid" || return 0
    # A recycled PID is left alone: we only ever signal what we started.
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$2" ] || { log "pid $pid is not $2, left alone"; return 0; }
    kill "$pid" 2>/dev/null
    for _ in $(seq 1 30); do alive "$pid" || return 0; sleep 0.1; done
    log "pid $pid ($2) ignored SIGTERM, killing it"
    kill -KILL "$pid" 2>/dev/null
}

start_bus() {  # $1 = host; a system bus on a private socket, stock policy (root may own Avahi's name)
    local d=$LAB/$1
    dbus-daemon --config-file=/usr/share/dbus-1/system.conf --address="$(bus_addr "$1")" \
        --nopidfile --fork --print-pid=1 > "$d/dbus.pid" 2> "$d/dbus.log" ||
        { cat "$d/dbus.log" >&2; return 1; }
}

write_avahi_conf() {  # $1 = host; IPv6 on, so the tests see one service on both protocols
    cat > "$LAB/$1/avahi-daemon.conf" <<EOF
[server]
host-name=$1
use-ipv4=yes
use-ipv6=yes
enable-dbus=yes
ratelimit-interval-usec=1000000
ratelimit-burst=1000
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
EOF
}

start_avahi() {  # $1 = host. A private tmpfs on /run gives each daemon its own pid file and
                 # socket; the backgrounded PID is avahi-daemon itself (ip, unshare, sh all exec).
    local d=$LAB/$1 ns
    ns=$(cat "$d/netns")
    # shellcheck disable=SC2016
    DBUS_SYSTEM_BUS_ADDRESS=$(bus_addr "$1") ip netns exec "$ns" \
        unshare --mount --propagation private sh -c \
        'mount -t tmpfs -o mode=755 pjdrun /run && exec "$1" -f "$0" --no-drop-root --no-chroot --no-rlimits' \
        "$d/avahi-daemon.conf" "$AVAHI_DAEMON" >> "$d/avahi.log" 2>&1 < /dev/null &
    echo $! > "$d/avahi.pid"
}

wait_avahi() {  # $1 = host; until the daemon answers GetState with 2 (AVAHI_SERVER_RUNNING)
    local _
    for _ in $(seq 1 100); do
        if DBUS_SYSTEM_BUS_ADDRESS=$(bus_addr "$1") dbus-send --system --print-reply \
            --dest=org.freedesktop.Avahi / org.freedesktop.Avahi.Server.GetState 2>/dev/null |
            grep -q 'int32 2'; then
            return 0
        fi
        sleep 0.1
    done
    log "avahi on '$1' did not start:"; cat "$LAB/$1/avahi.log" >&2; return 1
}

new_host() {  # $1 = host, $2 = netns
    mkdir -p "$LAB/$1"
    echo "$2" > "$LAB/$1/netns"
    HOSTS+=("$1")
}

add_netns() {  # $1 = netns; DAD off so IPv6 link-local addresses are usable at once
    ip netns add "$1" || return 1
    NAMESPACES+=("$1")
    ip -n "$1" link set lo up
    ip netns exec "$1" sysctl -qw net.ipv6.conf.default.accept_dad=0 2>/dev/null || true
    ip netns exec "$1" sysctl -qw net.ipv6.conf.all.accept_dad=0 2>/dev/null || true
}

teardown() {
    local h ns
    for h in "${HOSTS[@]}"; do
        stop_pidfile "$LAB/$h/avahi.pid" avahi-daemon
        stop_pidfile "$LAB/$h/dbus.pid" dbus-daemon
    done
    for ns in "${NAMESPACES[@]}"; do ip netns del "$ns" 2>/dev/null; done  # veths go with them
    if [ "${PJ_TEST_KEEP_LOGS:-}" = 1 ]; then log "logs kept in $LAB"; else rm -rf "$LAB"; fi
}

run_in() {  # $1 = host, $2 = role, rest = command; bounded, so a hung test cannot leak the lab
    local h=$1 role=$2; shift 2
    ip netns exec "$(cat "$LAB/$h/netns")" env \
        DBUS_SYSTEM_BUS_ADDRESS="$(bus_addr "$h")" \
        PJ_TEST_ROLE="$role" \
        PJ_TEST_HOSTNAME="$h" \
        PJ_AVAHI_CTL="$SELF ctl" \
        PJ_AVAHI_LAB="$LAB" \
        PJ_AVAHI_HOST="$h" \
        PJ_TEST_HOST_ADDR="${HOST_ADDR:-}" \
        timeout --kill-after=2 "$RUN_TIMEOUT" "$@"
}

# ---- internal: the test program starts and stops "its" daemon -------------
if [ "${1:-}" = ctl ]; then
    LAB=${PJ_AVAHI_LAB:?PJ_AVAHI_LAB is not set}
    case "${2:-}" in
        start) start_avahi "$3" && wait_avahi "$3" ;;
        stop) stop_pidfile "$LAB/$3/avahi.pid" avahi-daemon ;;
        *) echo "usage: $0 ctl start|stop HOST" >&2; exit 2 ;;
    esac
    exit
fi

MODE=${1:-}
case "$MODE" in
    solo|bare|lan) shift ;;
    *) sed -n '2,17p' "$0" >&2; exit 2 ;;
esac
[ $# -ge 1 ] || { echo "$0 $MODE: no program to run" >&2; exit 2; }

# ---- can we do this here at all? -------------------------------------------
[ "${EUID:-$(id -u)}" -eq 0 ] || skip "network namespaces need root"
for tool in ip unshare dbus-daemon dbus-send timeout sysctl; do
    command -v "$tool" > /dev/null || skip "'$tool' is not installed (packages: iproute2 util-linux dbus procps coreutils)"
done
[ -n "$AVAHI_DAEMON" ] && [ -x "$AVAHI_DAEMON" ] ||
    skip "avahi-daemon is not installed (package: avahi-daemon)"
[ -r /usr/share/dbus-1/system.conf ] || skip "no D-Bus system bus configuration"

SELF=$(readlink -f "$0")
LAB=$(mktemp -d "${TMPDIR:-/tmp}/pj-discovery.XXXXXX") || exit 1
HOSTS=()
NAMESPACES=()
trap teardown EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

TAG=pjd$$

case "$MODE" in
solo|bare)
    add_netns "$TAG" || skip "cannot create a network namespace here (ip netns add failed)"
    # Both ends of a veth pair in one namespace: a multicast-capable interface
    # (loopback alone is not what a real LAN looks like, dummy may be missing).
    ip -n "$TAG" link add pj0 type veth peer name pj1 || skip "cannot create a veth pair here"
    ip -n "$TAG" addr add 10.77.9.1/24 dev pj0
    ip -n "$TAG" link set pj0 up
    ip -n "$TAG" link set pj1 up
    new_host solo "$TAG"
    start_bus solo || exit 1
    write_avahi_conf solo
    if [ "$MODE" = solo ]; then
        start_avahi solo && wait_avahi solo || exit 1
    fi
    HOST_ADDR=10.77.9.1
    run_in solo solo "$@"
    ;;
lan)
    add_netns "$TAG-a" || skip "cannot create a network namespace here (ip netns add failed)"
    add_netns "$TAG-b" || exit 1
    ip link add pjA netns "$TAG-a" type veth peer name pjB netns "$TAG-b" ||
        skip "cannot create a veth pair here"
    ip -n "$TAG-a" addr add 10.77.0.1/24 dev pjA; ip -n "$TAG-a" link set pjA up
    ip -n "$TAG-b" addr add 10.77.0.2/24 dev pjB; ip -n "$TAG-b" link set pjB up
    new_host hosta "$TAG-a"
    new_host hostb "$TAG-b"
    for h in hosta hostb; do
        start_bus "$h" || exit 1
        write_avahi_conf "$h"
        start_avahi "$h"
    done
    wait_avahi hosta && wait_avahi hostb || exit 1
    HOST_ADDR=10.77.0.1
    run_in hosta host "$@" &
    host_pid=$!
    run_in hostb guest "$@"
    guest_rc=$?
    wait "$host_pid"
    host_rc=$?
    log "host exited with $host_rc, guest with $guest_rc"
    [ "$host_rc" -eq 0 ] && [ "$guest_rc" -eq 0 ]
    ;;
esac
