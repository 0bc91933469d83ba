#!/usr/bin/env bash
# failed.sh JOBID...: lists the tasks of these jobs that did not complete
# (failed, cancelled, timed out, out of memory, node failure, or cancelled
# because a job they depended on failed), each job with the sbatch command
# that resubmits just those tasks. Slurm never retries a task by itself.
# Every damka command keeps its finished work, so a resubmitted task goes
# on where the failed one stopped. After resubmitting, rerun the driver
# that made the jobs: it skips the work that is done and chains the rest.
#
# Site variables: those of lib.sh (SHARED is where submitted.tsv is).
. "$(dirname "$0")/lib.sh"
bad=0
for job in "$@"; do
	failed=$(task_states "$job" | awk '$2 !~ /^(COMPLETED|RUNNING|PENDING|COMPLETING|CONFIGURING)$/ { print $1 }' | sort -n | paste -sd, -)
	[ -n "$failed" ] || continue
	bad=1
	states=$(task_states "$job" | awk '$2 !~ /^(COMPLETED|RUNNING|PENDING|COMPLETING|CONFIGURING)$/ { print $1 "=" $2 }' | sort -n | paste -sd' ' -)
	echo "job $job: tasks not completed: $states"
	line=$(awk -F'\t' -v id="$job" '$1 == id' "$SHARED/submitted.tsv" | tail -1)
	if [ -z "$line" ]; then
		echo "  (not submitted by these scripts: resubmit it as it was submitted)"
		continue
	fi
	# The same command, without its dependency (done or failed by now) and
	# with the failed tasks as its array.
	cmd=$(echo "$line" | cut -f2- | tr '\t' '\n' | grep -v -e '^--dependency=' -e '^--kill-on-invalid-dep=' -e '^--parsable$' |
		sed -e "s/^--array=.*/--array=$failed/" | paste -sd' ' -)
	echo "  resubmit: $cmd"
done
exit $bad
