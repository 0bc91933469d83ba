#!/usr/bin/env bash
# Makes International generation 7 (the built-in weights since 2026-12-07) again from nothing
# but this repository, by the commands of docs/learned-evaluation.md:
#   1. generation 6's data: games of generation 5 (main 8629f4e), seed 61, 4 shards
#   2. generation 7's data: games of generation 6 (main aed658a), seed 63, 2 shards
#   3. both merged and joined, then the fit from generation 6's weights
# and checks the result against the sha256 recorded there (and, on the way,
# generation 6's own fit against generation 6 as built in at main 38c9f9f). Under 3 hours
# on 2 cores. Every step is resumable: a finished file is skipped, an
# unfinished shard goes on from its OUT.part (Ctrl-C stops it cleanly).
#
#   scripts/regen-gen7.sh [--dir DIR] [--workers N] [--dry-run]
#
# DIR (default ~/damka-data/regen) holds the two old binaries, the data and
# int-w7.dwt. --dry-run prints the commands that are still to run.
set -euo pipefail

dir=~/damka-data/regen
workers=2
dry=0
while [ $# -gt 0 ]; do
	case "$1" in
	--dir) dir=$2; shift 2 ;;
	--workers) workers=$2; shift 2 ;;
	--dry-run) dry=1; shift ;;
	-h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "regen-gen7.sh: unknown argument $1 (--help)" >&2; exit 2 ;;
	esac
done
repo=$(git rev-parse --show-toplevel)
want=e679adc334c7cdaafb99b67ce55728c25cb690a2623b0e3c30037035819c29ca
mkdir -p "$dir"
cd "$dir"

run() { # print, then run unless --dry-run
	echo "+ $*" >&2
	[ "$dry" = 1 ] || "$@"
}

# check FILE SHA256: whether FILE has the recorded sha256.
check() {
	local got
	got=$(sha256sum "$1" | cut -d' ' -f1)
	if [ "$got" = "$2" ]; then
		echo "$1: sha256 $got, as recorded"
	else
		echo "$1: sha256 $got, recorded $2: not the same weights" >&2
		return 1
	fi
}

# binary COMMIT: damka as built at COMMIT (its built-in weights are that
# generation's), from a clean export of the commit.
binary() {
	local b=$dir/damka-$1
	if [ ! -x "$b" ]; then
		echo "+ build $b from $1" >&2
		if [ "$dry" = 0 ]; then
			rm -rf "$dir/src-$1" && mkdir -p "$dir/src-$1"
			git -C "$repo" archive "$1" | tar -x -C "$dir/src-$1"
			(cd "$dir/src-$1" && CGO_ENABLED=0 go build -trimpath -o "$b" ./cmd/damka)
		fi
	fi
	echo "$b"
}

# weights COMMIT FILE: the built-in International weights of COMMIT.
weights() {
	[ -s "$2" ] && return
	echo "+ git show $1:eval/weights/international.dwt > $2" >&2
	[ "$dry" = 1 ] || git -C "$repo" show "$1:eval/weights/international.dwt" >"$2"
}

# data OUT SHARDS ARGS...: the self-play shards of one generation, merged.
data() {
	local out=$1 n=$2 b=$3
	shift 3
	[ -s "$out.dat" ] && return
	local parts=()
	for ((i = 0; i < n; i++)); do
		parts+=("$out-$i.dat")
		[ -s "$out-$i.dat" ] && continue
		run "$b" selfplay --variant international "$@" --shard "$i/$n" --workers "$workers" --out "$out-$i.dat"
	done
	run "$b" selfplay merge --out "$out.dat" "${parts[@]}"
}

g5=$(binary 8629f4e)
data int-g6 4 "$g5" --games 120000 --nodes 3000 --seed 61
g6=$(binary aed658a)
# Generation 6's own fit, a check that the data came out the same: the
# built-in weights of main 38c9f9f (README), which the fit below starts from.
weights 4cd6919 int-w5.dwt   # generation 5
[ -s int-w6-fit.dwt ] || run "$g6" tune --layout windows+kingsq+edges --from int-w5.dwt --prior --out int-w6-fit.dwt int-g6.dat
if [ "$dry" = 0 ]; then
	check int-w6-fit.dwt b321888eec57ff26500743748a9e2d242acda757c06cc4b9f72c0e5f2f00ea81 || echo "(generation 6's data or fit differs; going on with the recorded generation 6)" >&2
fi
data int-g7 2 "$g6" --games 60000 --nodes 3000 --seed 63
[ -s int-g7x.dat ] || run "$g6" selfplay merge --join --out int-g7x.dat int-g6.dat int-g7.dat
weights 38c9f9f int-w6.dwt   # generation 6, as recorded
[ -s int-w7.dwt ] || run "$g6" tune --layout windows+kingsq+edges --from int-w6.dwt --prior --out int-w7.dwt int-g7x.dat
[ "$dry" = 1 ] && exit 0
check int-w7.dwt "$want"
