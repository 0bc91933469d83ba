#!/usr/bin/env bash
# generation.sh: one generation of the learned evaluation on Slurm.
# Submits, each step after the one before succeeded (afterok; a failed
# step cancels the rest instead of leaving it pending):
#   1. a self-play array of SHARDS tasks      (selfplay.sbatch)
#   2. tune on every shard's data             (tune.sbatch)
#   3. a match array of MATCH_SHARDS tasks, the new weights against BASE
#                                             (match.sbatch)
#   4. the pooled statistics                  (stats.sbatch)
# and prints the job ids. With --wait it waits for the end and lists the
# tasks that did not complete with their resubmit commands (failed.sh).
# Rerunning it with the same settings skips what is done.
#
# Site variables: see lib.sh (SHARED, DAMKA, PARTITION, ACCOUNT, TIME,
# CPUS, MEM, SBATCH_EXTRA). Work variables:
#   GEN            folder of this generation (default $SHARED/gen)
#   SHARDS         self-play tasks (default 100)
#   SELFPLAY_ARGS  e.g. "--variant international --games 1000000 --nodes 3000 --seed 6"
#   TUNE_ARGS      e.g. "--epochs 20 --from $SHARED/gen5/weights.dkw"
#   TUNE_MEM       --mem of the tune task (default MEM); it runs on one CPU
#   MATCH_SHARDS   match tasks (default 10)
#   MATCH_ARGS     e.g. "--variant international --games 20000 --nodes 3000 --openings o.txt"
#   BASE           the Hub command of the engine to beat (default: "$DAMKA hub",
#                  the weights built into damka)
#   SPRT           optional "elo0,elo1": the statistics say H0, H1 or continue
. "$(dirname "$0")/lib.sh"
GEN=${GEN:-$SHARED/gen}
SHARDS=${SHARDS:-100}
MATCH_SHARDS=${MATCH_SHARDS:-10}
SELFPLAY_ARGS=${SELFPLAY_ARGS:?set SELFPLAY_ARGS, e.g. "--variant international --games 1000000 --nodes 3000"}
TUNE_ARGS=${TUNE_ARGS:-}
MATCH_ARGS=${MATCH_ARGS:?set MATCH_ARGS, e.g. "--variant international --games 20000 --nodes 3000 --openings o.txt"}
BASE=${BASE:-$DAMKA hub}
NEW="$DAMKA hub --eval $GEN/weights.dkw"
MATCH_DIR=$GEN/match
mkdir -p "$GEN/data" "$MATCH_DIR"
SPRT=${SPRT:-}
EXPORTS="GEN SHARDS SELFPLAY_ARGS TUNE_ARGS MATCH_SHARDS MATCH_ARGS BASE NEW MATCH_DIR SPRT"
# shellcheck disable=SC2086
export $EXPORTS

sp=$(submit --array=0-$((SHARDS - 1)) "$SLURM_DIR/selfplay.sbatch")
# tune runs on one CPU, with memory of its own (about 1 KB a position).
# shellcheck disable=SC2046
tu=$(MEM=${TUNE_MEM:-${MEM:-}} CPUS=1 submit $(after "$sp") "$SLURM_DIR/tune.sbatch")
# shellcheck disable=SC2046
ma=$(submit $(after "$tu") --array=0-$((MATCH_SHARDS - 1)) "$SLURM_DIR/match.sbatch")
# shellcheck disable=SC2046
st=$(submit $(after "$ma") "$SLURM_DIR/stats.sbatch")
echo "generation: selfplay=$sp tune=$tu match=$ma stats=$st (logs in $SHARED/logs)"
if [ "${1:-}" = --wait ]; then
	wait_jobs "$sp" "$tu" "$ma" "$st"
	if "$SLURM_DIR/failed.sh" "$sp" "$tu" "$ma" "$st"; then
		cat "$MATCH_DIR/stats.txt"
	else
		echo "generation: not complete; resubmit the tasks above, then run generation.sh again" >&2
		exit 1
	fi
fi
