#!/usr/bin/env bash
# The skill ladder (docs/levels.md): a match of every level against the
# level below it (level 1 against a random mover, level 20 = full strength
# against level 19), chained into one Elo per level, anchored at the top to
# full strength's measured result against Scan 3.1h (International) or
# KestoG 1.4 (Russian). Prints the table and writes it where `elo` reads it
# (engine/skill/ladder/VARIANT.txt), with each step's games, score and margin.
#
#   scripts/ladder.sh                                  # International, 200 games a step, all 20 steps
#   scripts/ladder.sh --variant russian --concurrency 8
#   scripts/ladder.sh --levels "1 2 3" --games 20      # a short run: steps 1 (vs random), 2, 3
#
# Every step's games go to OUT/step-LEVEL.pdn; an interrupted ladder (Ctrl-C)
# goes on where it stopped when run again with the same --out (damka match
# --resume), and steps already complete are only read back.
set -euo pipefail

variant=international
games=200
levels="$(seq -s ' ' 1 20)"
conc=1
tc=10+0.1
out=""
table=""
mingames=20
damka=bin/damka
usage() {
	sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
	cat <<EOF
options: --variant international|russian  --games N (per step, both colours of N/2 openings)
         --levels "L ..." (the steps to play; step L is L against L-1, 1 against random)
         --concurrency N  --tc CLOCK (default 10+0.1, the anchor's)  --out DIR (default ladder-VARIANT)
         --table FILE (default engine/skill/ladder/VARIANT.txt; "-" writes none)  --damka BINARY
         --min-games N (default 20): a step of fewer games is shown but gives no Elo to the levels below it
EOF
}
while [ $# -gt 0 ]; do
	case "$1" in
	--variant) variant=$2; shift 2 ;;
	--games) games=$2; shift 2 ;;
	--levels) levels=$2; shift 2 ;;
	--concurrency) conc=$2; shift 2 ;;
	--tc) tc=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--table) table=$2; shift 2 ;;
	--min-games) mingames=$2; shift 2 ;;
	--damka) damka=$2; shift 2 ;;
	-h | --help) usage; exit 0 ;;
	*) echo "ladder.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
	esac
done
case "$variant" in
international)
	anchor=-127.0
	anchor_text="full strength (generation 6) scored 32.5% over 120 games against Scan 3.1h at 10+0.1"
	openings=docs/matches/international-200-openings.txt ;;
russian)
	anchor=113.9
	anchor_text="full strength (generation 3) scored 65.8% over 120 games against KestoG 1.4 at 10+0.1"
	openings=docs/matches/russian-150-openings.txt ;;
*) echo "ladder.sh: --variant must be international or russian" >&2; exit 2 ;;
esac
for l in $levels; do
	if ! [[ "$l" =~ ^[0-9]+$ ]] || [ "$l" -lt 1 ] || [ "$l" -gt 20 ]; then
		echo "ladder.sh: --levels takes levels from 1 to 20, not $l" >&2
		exit 2
	fi
done
if ! [[ "$games" =~ ^[0-9]+$ ]] || [ "$games" -lt 2 ]; then
	echo "ladder.sh: --games must be an integer of at least 2" >&2
	exit 2
fi
out=${out:-ladder-$variant}
table=${table:-engine/skill/ladder/$variant.txt}
[ -x "$damka" ] || { echo "ladder.sh: no $damka (make build)" >&2; exit 2; }
mkdir -p "$out"
trap 'echo; echo "ladder.sh: interrupted; run the same command again to go on" >&2; exit 130' INT TERM

# engine LEVEL: the --engine argument of a level (0 = the random mover).
# Below full strength, pace is off: a level answers when its search ends.
engine() {
	if [ "$1" = 0 ]; then
		echo "cmd=$damka hub --weaken random,name=random"
	elif [ "$1" = 20 ]; then
		echo "cmd=$damka hub,name=L20"
	else
		echo "cmd=$damka hub,name=L$1,option.skill=$1,option.skill-pace=false"
	fi
}
name() { if [ "$1" = 0 ]; then echo random; else echo "L$1"; fi; }

set -- $levels
n=$#
i=0
for l in $levels; do
	i=$((i + 1))
	below=$((l - 1))
	pdn="$out/step-$l.pdn"
	resume=()
	[ -s "$pdn" ] && resume=(--resume)
	echo "== step $i/$n: $(name "$l") against $(name "$below"), $games games at $tc" >&2
	"$damka" match --variant "$variant" --engine "$(engine "$l")" --engine "$(engine "$below")" \
		--games "$games" --tc "$tc" --openings "$openings" --concurrency "$conc" \
		--pdn "$pdn" "${resume[@]}" >"$out/step-$l.txt"
	tail -n +2 "$out/step-$l.txt" | head -3 >&2
done

# One line per measured step: level games score% elo margin failures.
steps=$(for l in $(seq 1 20); do
	pdn="$out/step-$l.pdn"
	[ -s "$pdn" ] || continue
	# A failure's termination reads "ENGINE KIND: detail" (bench/match); a
	# bare word would also match draws such as "balance unchanged".
	fails=$(grep -cE '^\[Termination "[^"]* (crash|hang|time forfeit|illegal move|garbage output|failed to start):' "$pdn" || true)
	"$damka" match stats --first "$(name "$l")" "$pdn" | awk -v l="$l" -v f="$fails" '
		/ vs .*: games/ { for (i = 1; i <= NF; i++) { if ($i == "games") g = $(i+1); if ($i == "score") p = $(i+2) } }
		/^  Elo / && !e { e = $2; m = $4; sub(/,/, "", g); gsub(/[()%]/, "", p); print l, g, p, e, m, f; exit }'
done)

# Chain from the anchor down: Elo(20) = anchor, Elo(L-1) = Elo(L) - step(L),
# as long as every step on the way was measured, with at least mingames
# games and a finite result.
echo "$steps" | awk -v anchor="$anchor" -v variant="$variant" -v tc="$tc" -v text="$anchor_text" -v mingames="$mingames" \
	-v date="$(date -u +%Y-%m-%d)" -v out="$out" '
	NF == 6 { g[$1] = $2; p[$1] = $3; e[$1] = $4; m[$1] = $5; f[$1] = $6 }
	END {
		elo[20] = anchor; ok = 1
		for (l = 20; l >= 1; l--) {
			if (!ok) { known[l] = 0; continue }
			known[l] = 1
			if (l > 1) { if (!(l in e) || e[l] ~ /inf/ || g[l] < mingames) ok = 0; else elo[l-1] = elo[l] - e[l] }
		}
		printf "# damka skill ladder, %s: scripts/ladder.sh, %s, clock %s, games in %s\n", variant, date, tc, out
		printf "# anchor: level 20 = %+.1f (%s)\n", anchor, text
		printf "# elo: Elo relative to the anchor engine (0 = its strength); \"-\": the chain of measured steps\n"
		printf "# from level 20 (each of at least %d games, with a finite result) does not reach this level\n", mingames
		# from L1: the chain of measured steps up from level 1, anchored at
		# level 1 instead (0), for the levels the anchor does not reach.
		up[1] = 0; upok = 1
		for (l = 2; l <= 20; l++) {
			if (upok && (l in e) && e[l] !~ /inf/ && g[l] >= mingames) up[l] = up[l-1] + e[l]; else upok = 0
			upknown[l] = upok
		}
		upknown[1] = 1
		printf "# from-L1: the same chain anchored at level 1 (0) instead, up as far as it is unbroken\n"
		printf "# level  elo      from-L1  step: against  games  score%%  elo      +/-     failures\n"
		for (l = 1; l <= 20; l++) {
			against = (l == 1) ? "random" : "L" (l-1)
			ev = known[l] ? sprintf("%.0f", elo[l]) : "-"
			uv = upknown[l] ? sprintf("%+.0f", up[l]) : "-"
			if (l in g) printf "%-7d  %-7s  %-7s  %-13s  %-5s  %-6s  %-7s  %-6s  %s\n", l, ev, uv, against, g[l], p[l], e[l], m[l], f[l]
			else printf "%-7d  %-7s  %-7s  %-13s  not measured\n", l, ev, uv, against
		}
	}' >"$out/table.txt"
cat "$out/table.txt"
if [ "$table" != "-" ]; then
	cp "$out/table.txt" "$table"
	echo "ladder.sh: table written to $table" >&2
fi
if awk '!/^#/ && NF >= 9 && $9 > 0 {bad = 1} END {exit !bad}' "$out/table.txt"; then
	echo "ladder.sh: some games ended in a time forfeit, an illegal move or a crash (see the failures column)" >&2
	exit 1
fi
