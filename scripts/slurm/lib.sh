#!/usr/bin/env bash
# Shared by the drivers in scripts/slurm (sourced, not run).
#
# Site variables (set them in the environment or in a file named by
# DAMKA_SITE, which is sourced):
#   SHARED     a folder every node sees (required): data, tables, logs
#   DAMKA      the damka binary, on a path every node sees (default: $SHARED/bin/damka)
#   PARTITION  sbatch -p (default: the cluster's default partition)
#   ACCOUNT    sbatch -A (default: none)
#   TIME       time limit of each task, sbatch -t (default: the partition's);
#              a task stopped by it keeps its work and the same job resumes it
#   CPUS       CPUs per task, sbatch -c (default 1); damka takes its worker or
#              thread count from SLURM_CPUS_PER_TASK
#   MEM        memory per task, sbatch --mem (default: the partition's)
#   SBATCH_EXTRA  more sbatch options, e.g. "--qos=long"

set -euo pipefail
if [ -n "${DAMKA_SITE:-}" ]; then
	# shellcheck disable=SC1090
	. "$DAMKA_SITE"
fi
: "${SHARED:?set SHARED to a folder every node sees}"
DAMKA=${DAMKA:-$SHARED/bin/damka}
CPUS=${CPUS:-1}
SLURM_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$SHARED/logs"
[ -x "$DAMKA" ] || { echo "damka: no binary at $DAMKA (set DAMKA)" >&2; exit 2; }
export DAMKA SHARED

# submit SBATCH-ARGS... SCRIPT: sbatch with the site's options; prints the
# job id and records the command, with the values of the variables named in
# EXPORTS (the job's settings, which sbatch passes on in the environment),
# in $SHARED/submitted.tsv, from which failed.sh writes resubmit commands.
submit() {
	local envs=(env "DAMKA=$DAMKA" "SHARED=$SHARED") v
	for v in ${EXPORTS:-}; do
		envs+=("$v=${!v}")
	done
	local log=%x-%j.out a
	for a in "$@"; do
		case $a in --array=*) log=%x-%A_%a.out ;; esac
	done
	local args=(--parsable --export=ALL -c "$CPUS" -o "$SHARED/logs/$log")
	[ -n "${PARTITION:-}" ] && args+=(-p "$PARTITION")
	[ -n "${ACCOUNT:-}" ] && args+=(-A "$ACCOUNT")
	[ -n "${TIME:-}" ] && args+=(-t "$TIME")
	[ -n "${MEM:-}" ] && args+=(--mem "$MEM")
	# shellcheck disable=SC2206
	[ -n "${SBATCH_EXTRA:-}" ] && args+=($SBATCH_EXTRA)
	local id
	id=$(sbatch "${args[@]}" "$@")
	id=${id%%;*}
	printf '%s' "$id" >>"$SHARED/submitted.tsv"
	printf '\t%q' "${envs[@]}" sbatch "${args[@]}" "$@" >>"$SHARED/submitted.tsv"
	printf '\n' >>"$SHARED/submitted.tsv"
	echo "$id"
}

# after JOBID: the options that run a job only once JOBID succeeded, and
# cancel it (instead of leaving it pending forever) when JOBID failed.
after() {
	echo "--dependency=afterok:$1 --kill-on-invalid-dep=yes"
}

# wait_jobs JOBID...: returns when none of the jobs is queued or running.
wait_jobs() {
	local ids
	ids=$(IFS=,; echo "$*")
	while [ -n "$(squeue -h -j "$ids" 2>/dev/null)" ]; do
		sleep "${POLL:-2}"
	done
}

# task_states JOBID: one line per task, "TASK STATE" (TASK is the array
# index, or - for a job that is not an array), from sacct where accounting
# runs, else from scontrol (which keeps finished jobs for MinJobAge).
task_states() {
	local out
	if out=$(sacct -n -X -P -j "$1" -o JobID,State 2>/dev/null) && [ -n "$out" ]; then
		# Tasks never started are one record, "123_[4-9%2]": "4-9" is
		# what sbatch --array takes back.
		echo "$out" | awk -F'|' '{ t = $1; sub(/^[0-9]+_?/, "", t); gsub(/[][]/, "", t); sub(/%.*/, "", t); if (t == "") t = "-"; split($2, s, " "); print t, s[1] }'
		return
	fi
	scontrol show job -o "$1" 2>/dev/null | awk '{
		t = "-"; st = "";
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^ArrayTaskId=/) { t = substr($i, 13); sub(/%.*/, "", t) }
			if ($i ~ /^JobState=/) st = substr($i, 10);
		}
		print t, st }'
}
