#!/usr/bin/env bash
# Tests an idea kept as patches (docs/experiments/*.patch) against the code
# it applies to, the way docs/testing.md asks: both binaries built from a
# clean export of this repository, the idea first, SPRT(0,10) pentanomial,
# every opening with both colours, resumable from its PDN. Only main and
# its docs survive between sessions here, so nothing but the patch, the
# base commit and the PDN is needed to go on with a test.
#
#   scripts/sprt.sh NAME [--on FILE]... [--patch FILE]... [--without FILE]...
#                   [--args "ARGS"] [--base REF] [--base-name NAME] [--tc 4+0.04]
#                   [--variant international] [--openings FILE] [--elo1 10]
#                   [--concurrency 2] [--pdn FILE] [--dir DIR] [--dry-run]
#
# The base is REF (default HEAD) with the --on patches applied (an idea
# not merged yet that this one builds on); the candidate is the base with
# the --patch patches too. The candidate's bench signature must be the last
# "bench nodes=N" of its last patch, or the test stops before playing: a
# patch on another base is another search. --args gives the candidate's
# hub (and bench) more flags: weights to test are "--args '--eval FILE'",
# with no patch at all. DIR (default ~/damka-data/sprt)
# holds the binaries and the PDN (default DIR/NAME-TC-VARIANT.pdn). An
# existing PDN is resumed, but only with the two signatures it was started
# with (kept in PDN.bench): main may move on meanwhile, its search may not.
# Stop it with Ctrl-C or SIGTERM; the same command goes on.
#
# --without FILE measures a part of the search that main has (an
# ablation): FILE takes the part out, the base is REF with it (its
# signature must be FILE's last "bench nodes=N"), the candidate REF as it
# is, so that H1 says the part is worth its +elo1 (base name "without").
set -euo pipefail

name=${1:-}
case "$name" in
'' | -*) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
shift
patches=() on=() without=() args=() base_name=
base=HEAD tc=4+0.04 variant=international openings='' elo1=10 conc=2 pdn='' dir=~/damka-data/sprt dry=0
while [ $# -gt 0 ]; do
	case "$1" in
	--patch) patches+=("$(realpath "$2")"); shift 2 ;;
	--on) on+=("$(realpath "$2")"); shift 2 ;;
	--without) without+=("$(realpath "$2")"); shift 2 ;;
	--args) read -r -a args <<<"$2"; shift 2 ;;
	--base-name) base_name=$2; shift 2 ;;
	--base) base=$2; shift 2 ;;
	--tc) tc=$2; shift 2 ;;
	--variant) variant=$2; shift 2 ;;
	--openings) openings=$(realpath "$2"); shift 2 ;;
	--elo1) elo1=$2; shift 2 ;;
	--concurrency) conc=$2; shift 2 ;;
	--pdn) pdn=$2; shift 2 ;;
	--dir) dir=$2; shift 2 ;;
	--dry-run) dry=1; shift ;;
	*) echo "sprt.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
[ ${#patches[@]} -gt 0 ] || [ ${#args[@]} -gt 0 ] || [ ${#without[@]} -gt 0 ] ||
	{ echo "sprt.sh: give a --patch, a --without or --args" >&2; exit 2; }
repo=$(git rev-parse --show-toplevel)
rev=$(git -C "$repo" rev-parse --short=7 "$base^{commit}")
if [ -z "$openings" ]; then
	case "$variant" in
	international) openings=$repo/docs/matches/international-200-openings.txt ;;
	russian) openings=$repo/docs/matches/russian-150-openings.txt ;;
	*) echo "sprt.sh: no default openings for $variant: give --openings" >&2; exit 2 ;;
	esac
fi
mkdir -p "$dir/bin"
pdn=${pdn:-$dir/$name-$tc-$variant.pdn}

# build OUT PATCH...: damka from a clean export of REF with the patches.
build() {
	local out=$1 src
	shift
	[ -x "$out" ] && return
	echo "+ build $out from $rev${*:+ + $*}" >&2
	[ "$dry" = 1 ] && return
	src=$(mktemp -d "$dir/src.XXXXXX")
	git -C "$repo" archive "$rev" | tar -x -C "$src"
	for p in "$@"; do
		(cd "$src" && git apply "$p") || { echo "sprt.sh: $p does not apply to $rev" >&2; rm -rf "$src"; return 1; }
	done
	(cd "$src" && CGO_ENABLED=0 go build -trimpath -o "$out.tmp" ./cmd/damka) && mv "$out.tmp" "$out"
	rm -rf "$src"
}

main_bin=$dir/bin/damka-$rev
if [ ${#on[@]} -gt 0 ]; then
	main_bin=$main_bin-on-$(cat "${on[@]}" | sha256sum | cut -c1-8)
	base_name=${base_name:-base}
fi
[ ${#without[@]} -gt 0 ] && base_name=${base_name:-without}
base_name=${base_name:-main}
build "$main_bin" "${on[@]}"
cand_bin=$main_bin
if [ ${#patches[@]} -gt 0 ]; then
	cand_bin=$dir/bin/damka-$rev-$name-$(cat "${on[@]}" "${patches[@]}" | sha256sum | cut -c1-8)
	build "$cand_bin" "${on[@]}" "${patches[@]}"
fi
base_bin=$main_bin
if [ ${#without[@]} -gt 0 ]; then
	base_bin=$dir/bin/damka-$rev-without-$(cat "${on[@]}" "${without[@]}" | sha256sum | cut -c1-8)
	build "$base_bin" "${on[@]}" "${without[@]}"
fi

if [ "$dry" = 0 ]; then
	got=$("$cand_bin" bench "${args[@]}" | grep -o 'bench nodes=[0-9]*' | tail -1 | cut -d= -f2)
	if [ ${#patches[@]} -gt 0 ]; then
		want=$(grep -o 'bench nodes=[0-9]*' "${patches[-1]}" | tail -1 | cut -d= -f2)
		if [ -z "$want" ] || [ "$got" != "$want" ]; then
			echo "sprt.sh: $name on $rev searches bench nodes=$got, its patch records ${want:-nothing}: not the tested search" >&2
			exit 1
		fi
		echo "$name on $rev: bench nodes=$got, as its patch records" >&2
	fi
	base_sig=$("$base_bin" bench | grep -o 'bench nodes=[0-9]*' | tail -1 | cut -d= -f2)
	if [ ${#without[@]} -gt 0 ]; then
		want=$(grep -o 'bench nodes=[0-9]*' "${without[-1]}" | tail -1 | cut -d= -f2)
		if [ -z "$want" ] || [ "$base_sig" != "$want" ]; then
			echo "sprt.sh: $rev without the part searches bench nodes=$base_sig, its patch records ${want:-nothing}: not the tested search" >&2
			exit 1
		fi
	fi
	sig="$base_name=$base_sig $name=$got"
	if [ -s "$pdn" ] && [ -s "$pdn.bench" ] && [ "$(cat "$pdn.bench")" != "$sig" ]; then
		echo "sprt.sh: $pdn was played by $(cat "$pdn.bench"), these binaries are $sig: not the same test" >&2
		exit 1
	fi
	echo "$sig" >"$pdn.bench"
fi

resume=()
[ -s "$pdn" ] && resume=(--resume)
cmd=("$main_bin" match --engine "cmd=$cand_bin hub${args[*]:+ ${args[*]}},name=$name" --engine "cmd=$base_bin hub,name=$base_name"
	--variant "$variant" --tc "$tc" --concurrency "$conc" --openings "$openings"
	--sprt "elo0=0,elo1=$elo1" --pdn "$pdn" "${resume[@]}")
echo "+ ${cmd[*]}" >&2
[ "$dry" = 1 ] && exit 0
"${cmd[@]}"
"$main_bin" match stats --first "$name" --sprt "0,$elo1" "$pdn"
