#!/usr/bin/env bash
# sprt.sh: an SPRT test of two engines on Slurm, in batches. Submits
# batches of TASKS match tasks (match.sbatch; each task a shard of one
# large match of MAX_BATCHES*TASKS shards), keeping one batch queued ahead;
# after each batch it pools the shards of the finished batches with
# "damka match stats --sprt" and, once that says H0 or H1, cancels
# (scancel) what is still queued or running and stops. Prints the last
# statistics; exit status 0 when the test decided.
#
# Site variables: see lib.sh. Work variables:
#   NEW, BASE      the two engines' Hub commands ("$DAMKA hub --eval new.dkw")
#   SPRT           "elo0,elo1" (default "0,5")
#   MATCH_ARGS     e.g. "--variant international --nodes 3000 --openings o.txt"
#                  (no --games: it is GAMES_PER_TASK*TASKS*MAX_BATCHES)
#   TASKS          match tasks per batch (default 10)
#   GAMES_PER_TASK games per task, even (default 200)
#   MAX_BATCHES    the most batches before giving up undecided (default 50)
#   MATCH_DIR      folder of the PDN files (default $SHARED/sprt)
. "$(dirname "$0")/lib.sh"
: "${NEW:?set NEW}" "${BASE:?set BASE}"
SPRT=${SPRT:-0,5}
TASKS=${TASKS:-10}
GAMES_PER_TASK=${GAMES_PER_TASK:-200}
MAX_BATCHES=${MAX_BATCHES:-50}
MATCH_DIR=${MATCH_DIR:-$SHARED/sprt}
MATCH_SHARDS=$((TASKS * MAX_BATCHES))
MATCH_ARGS="${MATCH_ARGS:-} --games $((GAMES_PER_TASK * MATCH_SHARDS))"
mkdir -p "$MATCH_DIR"
EXPORTS="NEW BASE MATCH_ARGS MATCH_SHARDS MATCH_DIR"
# shellcheck disable=SC2086
export $EXPORTS

batch() { submit --array=$(($1 * TASKS))-$((($1 + 1) * TASKS - 1)) "$SLURM_DIR/match.sbatch"; }
jobs=("$(batch 0)")
[ "$MAX_BATCHES" -gt 1 ] && jobs+=("$(batch 1)")
echo "sprt: batch 0 = job ${jobs[0]}${jobs[1]:+, batch 1 = job ${jobs[1]}}"
decision=continue
for ((b = 0; b < MAX_BATCHES; b++)); do
	wait_jobs "${jobs[b]}"
	if ! "$SLURM_DIR/failed.sh" "${jobs[b]}"; then
		echo "sprt: batch $b did not complete; resubmit it as above, then run sprt.sh again (finished games are kept)" >&2
		scancel "${jobs[@]}" 2>/dev/null || true
		exit 1
	fi
	# Only the shards of finished batches: a running batch's files are
	# incomplete and would make the pooled sample depend on timing.
	pooled=()
	for ((i = 0; i < (b + 1) * TASKS; i++)); do
		pooled+=("$MATCH_DIR/part-$i.pdn")
	done
	printf '%s\n' "${pooled[@]}" >"$MATCH_DIR/pooled.txt"
	"$DAMKA" match stats --first new --sprt "$SPRT" "${pooled[@]}" >"$MATCH_DIR/stats.txt"
	decision=$(sed -n 's/^SPRT .* (pentanomial) //p' "$MATCH_DIR/stats.txt")
	echo "sprt: after batch $b: $(grep -m1 '^new vs\|^base vs' "$MATCH_DIR/stats.txt"), $decision"
	if [ "$decision" != continue ]; then
		rest=("${jobs[@]:b+1}")
		if [ ${#rest[@]} -gt 0 ]; then
			scancel "${rest[@]}"
			echo "sprt: decided; cancelled jobs ${rest[*]}"
		fi
		break
	fi
	if [ $((b + 2)) -lt "$MAX_BATCHES" ]; then
		jobs+=("$(batch $((b + 2)))")
	fi
done
cat "$MATCH_DIR/stats.txt"
[ "$decision" != continue ]
