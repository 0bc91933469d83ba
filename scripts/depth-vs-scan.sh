#!/usr/bin/env bash
# Depth and speed at the International start position in a fixed time,
# damka against Scan 3.1h in one run (issue 13): each engine searches the
# start position for SECONDS on one thread, without book, ROUNDS times in
# turn, and the script prints every run and the medians side by side.
# Scan is built outside the project (../shared/peers/README.md); its
# launcher scan31h-search is looked up in $PEERS/bin (default ../peers/bin).
#
# BEFORE="FLAGS" adds a second damka configuration to each round (e.g.
# BEFORE="--eval hand" for the search before the learned evaluation), and
# BEFORE_BIN=PATH runs that configuration with another damka binary (an
# older build; BEFORE may then be left unset).
#
# usage: [BEFORE=FLAGS] [BEFORE_BIN=PATH] scripts/depth-vs-scan.sh [SECONDS] [ROUNDS] [DAMKA-BINARY] [DAMKA-FLAGS...]
set -euo pipefail
secs=${1:-10}
rounds=${2:-3}
bin=${3:-bin/damka}
shift $(( $# < 3 ? $# : 3 ))
peers=${PEERS:-../peers}
scan="$peers/bin/scan31h-search"
[ -x "$bin" ] || { echo "depth-vs-scan: no damka binary $bin (make build)" >&2; exit 2; }
[ -x "$scan" ] || { echo "depth-vs-scan: no $scan (build it with ../shared/peers/scan/build.sh)" >&2; exit 2; }

median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.6g\n", (a[NR/2]+a[NR/2+1])/2}'; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "start position, $secs s, one thread, no book, $rounds rounds; damka: $bin $*"
before_bin=${BEFORE_BIN:-$bin}
before=${BEFORE:-}${BEFORE_BIN:-}
[ -n "$before" ] && echo "damka before: $before_bin ${BEFORE:-}"
dd=() dn=() dv=() bd=() bn=() bv=() sd=() sn=() sv=()
# damka: the depth of the last completed iteration and the whole search's
# nodes and time ('analyse' ends with "bestmove=... depth= nodes= time=").
damka() {
	local last exe=${exe:-$bin}
	last=$("$exe" analyse --time "$secs" "$@" | grep '^bestmove=' | tail -1)
	d=$(sed -E 's/.* depth=([0-9]+).*/\1/' <<<"$last")
	n=$(sed -E 's/.* nodes=([0-9]+).*/\1/' <<<"$last")
	t=$(sed -E 's/.* time=([0-9.]+).*/\1/' <<<"$last")
	v=$(awk -v n="$n" -v t="$t" 'BEGIN {printf "%.2f", n / t / 1e6}')
}
for r in $(seq "$rounds"); do
	damka "$@"
	echo "round $r damka: depth=$d nodes=$n time=$t nps=${v}M"
	dd+=("$d") dn+=("$n") dv+=("$v")
	if [ -n "$before" ]; then
		# shellcheck disable=SC2086 # BEFORE is a list of flags
		exe=$before_bin damka ${BEFORE:-}
		echo "round $r before: depth=$d nodes=$n time=$t nps=${v}M"
		bd+=("$d") bn+=("$n") bv+=("$v")
	fi
	# Scan: its own summary of the last info line.
	out=$("$scan" "$secs")
	out=${out%%$'\n'*}
	d=$(sed -E 's/.* depth=([0-9]+).*/\1/' <<<"$out")
	n=$(sed -E 's/.* nodes=([0-9]+).*/\1/' <<<"$out")
	v=$(sed -E 's/.* nps=([0-9.]+)M.*/\1/' <<<"$out")
	echo "round $r Scan:  depth=$d nodes=$n nps=${v}M   ($out)"
	sd+=("$d") sn+=("$n") sv+=("$v")
done
echo "median damka: depth=$(printf '%s\n' "${dd[@]}" | median) nodes=$(printf '%s\n' "${dn[@]}" | median) nps=$(printf '%s\n' "${dv[@]}" | median)M"
[ -n "$before" ] && echo "median before: depth=$(printf '%s\n' "${bd[@]}" | median) nodes=$(printf '%s\n' "${bn[@]}" | median) nps=$(printf '%s\n' "${bv[@]}" | median)M"
echo "median Scan:  depth=$(printf '%s\n' "${sd[@]}" | median) nodes=$(printf '%s\n' "${sn[@]}" | median) nps=$(printf '%s\n' "${sv[@]}" | median)M"
