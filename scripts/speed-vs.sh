#!/usr/bin/env bash
# Speed of two damka builds side by side, on a machine that other jobs may
# share: CPU seconds of the process (user + system, which waiting for a
# core does not count) for the same work, the old build then the new in
# each round: the bench (a fixed tree) and the International start
# position to DEPTH (the same tree when the bench signature is the same).
# Take the medians of the rounds.
#
# usage: scripts/speed-vs.sh OLD-BINARY NEW-BINARY [ROUNDS] [DEPTH]
set -euo pipefail
old=${1:?usage: speed-vs.sh OLD NEW [ROUNDS] [DEPTH]}
new=${2:?usage: speed-vs.sh OLD NEW [ROUNDS] [DEPTH]}
rounds=${3:-7}
depth=${4:-19}
command -v /usr/bin/time >/dev/null || { echo "speed-vs: needs /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
cpu() { /usr/bin/time -f '%U %S' "$@" 2>&1 >/dev/null | tail -1 | awk '{print $1+$2}'; }
for r in $(seq "$rounds"); do
	for b in old new; do
		exe=$old
		[ "$b" = new ] && exe=$new
		echo "round $r $b bench-cpu=$(cpu "$exe" bench) start$depth-cpu=$(cpu "$exe" analyse --depth "$depth")"
	done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
