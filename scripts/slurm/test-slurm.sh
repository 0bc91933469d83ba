#!/usr/bin/env bash
# make test-slurm: runs every driver of scripts/slurm on a real Slurm (a
# one-node cluster on 127.0.0.1, localcluster.sh) on tiny work, and checks
# that each result equals the same work done on this machine without the
# scheduler: byte-equal self-play data, weights and tables, equal match
# statistics. One self-play task is cancelled half-way (scancel) and
# resubmitted with the command failed.sh prints; the chain then finishes
# by rerunning the driver. Every daemon it started is stopped by pid.
#
# Needs root and the Debian packages slurmctld slurmd slurm-client munge;
# as root it installs them where missing. Where it cannot, it says what to
# install and fails, or, with TEST_SLURM_OPTIONAL=1 (CI), skips.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

skip() {
	echo "test-slurm: $*"
	if [ "${TEST_SLURM_OPTIONAL:-}" = 1 ]; then
		echo "test-slurm: skipped"
		exit 0
	fi
	exit 1
}
if [ "$(id -u)" != 0 ]; then
	skip "needs root (slurmd runs the jobs); run: sudo make test-slurm"
fi
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
	if command -v apt-get >/dev/null; then
		echo "test-slurm: installing slurmctld slurmd slurm-client munge"
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge; } >/dev/null 2>&1 ||
			skip "could not install the packages; install: apt-get install slurmctld slurmd slurm-client munge"
	else
		skip "install Slurm and munge (Debian: apt-get install slurmctld slurmd slurm-client munge)"
	fi
fi

T=$(mktemp -d /tmp/damka-test-slurm.XXXXXX)
chmod 755 "$T"
. scripts/slurm/localcluster.sh
cleanup() {
	cluster_stop
	if [ "${KEEP:-}" = 1 ]; then echo "test-slurm: kept $T"; else rm -rf "$T"; fi
}
trap cleanup EXIT
start=$(date +%s)
fail() {
	echo "test-slurm: FAILED: $*" >&2
	exit 1
}
step() { echo "test-slurm: $(($(date +%s) - start))s: $*"; }

mkdir -p "$T/shared/bin" "$T/ref"
CGO_ENABLED=0 go build -o "$T/shared/bin/damka" ./cmd/damka
D=$T/shared/bin/damka
cluster_start "$T/cluster" || fail "the cluster did not start (logs: $T/cluster/log)"
step "cluster up: $(sinfo -h -o '%N %c CPUs %t')"
export SHARED=$T/shared DAMKA=$D CPUS=1 POLL=0.5
S=scripts/slurm
# results keeps the lines of match stats that say who won what (not the
# clock use, which varies from run to run).
results() { grep -v -e 'clock use' -e 'ms/move' -e '^Runner CPU' "$@"; }

# 1. A generation, with one self-play task cancelled half-way.
export GEN=$T/shared/gen SHARDS=2 MATCH_SHARDS=2
export SELFPLAY_ARGS="--variant russian --games 400 --nodes 200 --seed 3"
export TUNE_ARGS="--epochs 1"
export MATCH_ARGS="--variant russian --games 4 --nodes 300 --openings $repo/docs/russian-openings.txt"
out=$($S/generation.sh)
echo "$out"
sp=$(echo "$out" | sed -n 's/.*selfplay=\([0-9]*\).*/\1/p')
for _ in $(seq 1 300); do
	[ "$(stat -c %s "$GEN/data/part-1.dat.part" 2>/dev/null || echo 0)" -gt 200 ] && break
	sleep 0.1
done
[ -s "$GEN/data/part-1.dat.part" ] || fail "self-play task 1 never started"
scancel "${sp}_1"
step "cancelled self-play task ${sp}_1 half-way"
# The reference, on this machine, while the cluster drains.
"$D" selfplay $SELFPLAY_ARGS --workers 2 --out "$T/ref/data.dat" >/dev/null 2>&1
"$D" tune $TUNE_ARGS --out "$T/ref/weights.dkw" "$T/ref/data.dat" >/dev/null
"$D" match $MATCH_ARGS --engine "cmd=$D hub --eval $T/ref/weights.dkw,name=new" --engine "cmd=$D hub,name=base" \
	--pdn "$T/ref/match.pdn" --quiet >/dev/null 2>&1
"$D" match stats --first new "$T/ref/match.pdn" >"$T/ref/match.txt"
wait_jobs() { while [ -n "$(squeue -h)" ]; do sleep 0.5; done; }
wait_jobs
[ -s "$GEN/data/part-1.dat.part" ] || fail "the cancelled task kept nothing"
listing=$($S/failed.sh "$sp" || true)
echo "$listing"
resubmit=$(echo "$listing" | sed -n 's/^  resubmit: //p')
echo "$resubmit" | grep -q -- '--array=1 ' || fail "failed.sh did not offer to resubmit task 1: $listing"
eval "$resubmit" >/dev/null
wait_jobs
[ -s "$GEN/data/part-1.dat" ] || fail "the resubmitted task did not finish"
grep -q 'interrupted after [0-9]* of 200 games (kept)' "$SHARED/logs/damka-selfplay-${sp}_1.out" ||
	fail "the cancelled task did not say it kept its games: $(tail -c 300 "$SHARED/logs/damka-selfplay-${sp}_1.out")"
$S/generation.sh --wait >/dev/null || fail "the generation did not complete when run again"
"$D" selfplay merge --out "$T/merged.dat" "$GEN"/data/part-*.dat >/dev/null
cmp "$T/merged.dat" "$T/ref/data.dat" || fail "self-play shards merged differ from the single run"
cmp "$GEN/weights.dkw" "$T/ref/weights.dkw" || fail "the weights tuned on the shards differ from the single run's"
diff <(results "$GEN/match/stats.txt") <(results "$T/ref/match.txt") || fail "the sharded match's statistics differ"
step "generation: data, weights and match equal to the single-machine run"

# 2. An SPRT test in batches until it decides (or runs out of batches).
export MATCH_DIR=$T/shared/sprt NEW="$D hub" BASE="$D hub --weaken depth=5"
export MATCH_ARGS="--variant russian --depth 6 --openings $repo/docs/russian-openings.txt"
export TASKS=2 GAMES_PER_TASK=12 MAX_BATCHES=4 SPRT=0,50
$S/sprt.sh >"$T/sprt.out" || true
cat "$T/sprt.out" | grep '^sprt:' || true
[ -s "$MATCH_DIR/pooled.txt" ] || fail "sprt.sh pooled nothing"
wait_jobs
n=$(wc -l <"$MATCH_DIR/pooled.txt")
refs=()
for ((i = 0; i < n; i++)); do
	"$D" match $MATCH_ARGS --games $((GAMES_PER_TASK * TASKS * MAX_BATCHES)) --engine "cmd=$NEW,name=new" --engine "cmd=$BASE,name=base" \
		--shard "$i/$((TASKS * MAX_BATCHES))" --pdn "$T/ref/sprt-$i.pdn" --quiet >/dev/null 2>&1
	refs+=("$T/ref/sprt-$i.pdn")
done
"$D" match stats --first new --sprt "$SPRT" "${refs[@]}" >"$T/ref/sprt.txt"
diff <(results "$MATCH_DIR/stats.txt") <(results "$T/ref/sprt.txt") || fail "the SPRT's statistics differ from the single-machine run"
step "sprt: $(sed -n 's/^SPRT .*: LLR/LLR/p' "$MATCH_DIR/stats.txt") after $n tasks, equal to the single-machine run"
# The batch the decision cancelled (running or queued): resubmitted, its
# shards resume and end as the same shards played without the scheduler.
cancelled=$(sed -n 's/^sprt: decided; cancelled jobs //p' "$T/sprt.out")
if [ -n "$cancelled" ]; then
	listing=$($S/failed.sh $cancelled || true)
	resubmit=$(echo "$listing" | sed -n 's/^  resubmit: //p')
	[ -n "$resubmit" ] || fail "failed.sh listed nothing for the cancelled batch $cancelled"
	echo "$resubmit" | while read -r cmd; do eval "$cmd" >/dev/null; done
	wait_jobs
	for f in "$MATCH_DIR"/part-*.pdn; do
		grep -qx "$f" "$MATCH_DIR/pooled.txt" && continue
		i=${f##*part-}
		i=${i%.pdn}
		"$D" match $MATCH_ARGS --games $((GAMES_PER_TASK * TASKS * MAX_BATCHES)) --engine "cmd=$NEW,name=new" --engine "cmd=$BASE,name=base" \
			--shard "$i/$((TASKS * MAX_BATCHES))" --pdn "$T/ref/sprt-$i.pdn" --quiet >/dev/null 2>&1
		diff <("$D" match stats --first new "$f" | results) <("$D" match stats --first new "$T/ref/sprt-$i.pdn" | results) ||
			fail "match shard $i, cancelled and resubmitted, differs from the single-machine run"
	done
	step "sprt: the cancelled batch (job $cancelled) resubmitted: its shards equal the single-machine run"
fi

# 3. Endgame tables in waves, then verify.
export VARIANT=international PIECES=3 TABLES=$T/shared/tables CPUS=2
$S/egdb.sh --wait >"$T/egdb.out" || { cat "$T/egdb.out"; fail "egdb.sh"; }
"$D" egdb build --variant international --pieces 3 --dir "$T/ref/tables" --threads 2 >/dev/null
diff -r "$TABLES" "$T/ref/tables" >/dev/null || fail "the tables built in waves differ from the single build"
step "egdb: $(grep -c '^egdb: wave' "$T/egdb.out") waves, tables equal to the single build"

# Every job and task the cluster ran (resubmissions included): it keeps
# finished jobs for MinJobAge (600 s).
all=$(scontrol show job -o)
tasks=$(echo "$all" | grep -c '^JobId=')
jobs=$(echo "$all" | awk '{ id = ""; for (i = 1; i <= NF; i++) { if ($i ~ /^JobId=/ && id == "") id = substr($i, 7); if ($i ~ /^ArrayJobId=/) id = substr($i, 12) } print id }' | sort -u | wc -l)
echo "slurm: $jobs jobs, $tasks tasks, all equal to the single-machine run"
