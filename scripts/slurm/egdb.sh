#!/usr/bin/env bash
# egdb.sh: endgame tables on Slurm. Asks "damka egdb build --plan" for the
# jobs and waves, then submits one array per wave (egdb-slice.sbatch, a
# task per slice pair, with the wave's largest --memory), each wave after
# the one before succeeded (afterok with --kill-on-invalid-dep=yes, so that
# a failed wave cancels the later ones instead of leaving them pending),
# and last "damka egdb verify" (egdb-verify.sbatch). Prints the job ids;
# with --wait it waits and lists failed tasks with their resubmit commands.
# Rerunning it skips the slices already built.
#
# Site variables: see lib.sh (MEM is set per wave from the plan: the
# wave's --memory plus MEM_MARGIN MB for the process). Work variables:
#   VARIANT     default international
#   PIECES      build every slice up to this many pieces (default 5)
#   TABLES      the tables' folder (default $SHARED/tables); the plan and the
#               slices of each wave go to $TABLES.plan
#   MEM_MARGIN  MB beside --memory per task (default 512)
. "$(dirname "$0")/lib.sh"
VARIANT=${VARIANT:-international}
PIECES=${PIECES:-5}
TABLES=${TABLES:-$SHARED/tables}
MEM_MARGIN=${MEM_MARGIN:-512}
PLAN_DIR=$TABLES.plan
mkdir -p "$TABLES" "$PLAN_DIR"
EXPORTS="VARIANT TABLES WAVE_FILE EGDB_MEMORY"
export VARIANT TABLES

"$DAMKA" egdb build --variant "$VARIANT" --pieces "$PIECES" --plan --threads "$CPUS" >"$PLAN_DIR/plan.txt"
waves=$(awk -F'[ =]' '/^wave=/ { print $2 }' "$PLAN_DIR/plan.txt" | sort -n | uniq)
prev=
ids=()
for w in $waves; do
	file=$PLAN_DIR/wave-$w.txt
	awk -v w="$w" -F'[ =]' '/^wave=/ && $2 == w { print $4 }' "$PLAN_DIR/plan.txt" >"$file"
	n=$(wc -l <"$file")
	memory=$(awk -v w="$w" -F'[ =]' '/^wave=/ && $2 == w { m = $10; sub(/MB/, "", m); if (m + 0 > max) max = m + 0 } END { print max }' "$PLAN_DIR/plan.txt")
	dep=()
	# shellcheck disable=SC2207
	[ -n "$prev" ] && dep=($(after "$prev"))
	export WAVE_FILE=$file EGDB_MEMORY=$memory
	MEM=$((memory + MEM_MARGIN))
	prev=$(submit "${dep[@]}" --array=0-$((n - 1)) "$SLURM_DIR/egdb-slice.sbatch")
	ids+=("$prev")
	echo "egdb: wave $w: $n slices, --memory ${memory} MB: job $prev"
done
MEM=${MEM_VERIFY:-}
# shellcheck disable=SC2046
verify=$(submit $(after "$prev") "$SLURM_DIR/egdb-verify.sbatch")
ids+=("$verify")
echo "egdb: verify: job $verify"
if [ "${1:-}" = --wait ]; then
	wait_jobs "${ids[@]}"
	"$SLURM_DIR/failed.sh" "${ids[@]}" || {
		echo "egdb: not complete; resubmit the tasks above, then run egdb.sh again" >&2
		exit 1
	}
	echo "egdb: ${#ids[@]} jobs done, tables in $TABLES"
fi
