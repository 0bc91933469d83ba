#!/usr/bin/env bash
# A one-node Slurm cluster on 127.0.0.1 for tests (make test-slurm): its own
# munged, slurmctld and slurmd with their own configuration, sockets, state
# and logs in one folder, on ports of their own, so that they disturb no
# Slurm or munge already on the machine.
#
#   source scripts/slurm/localcluster.sh
#   cluster_start DIR    # sets SLURM_CONF; the node is idle when it returns
#   cluster_stop         # drains, then stops every daemon it started, by pid
#
# Needs root (slurmd runs jobs as their users) and the Debian packages
# slurmctld slurmd slurm-client munge.

cluster_start() {
	CLUSTER_DIR=$1
	local d=$CLUSTER_DIR host cpus port
	mkdir -p "$d/state" "$d/spool" "$d/log" "$d/munge"
	chown munge:munge "$d/munge"
	chmod 755 "$d/munge"
	host=$(hostname -s)
	cpus=$(nproc)
	# Free ports: the first pair from 17817 up that nothing listens on.
	port=17817
	while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || (exec 3<>"/dev/tcp/127.0.0.1/$((port + 1))") 2>/dev/null; do
		port=$((port + 2))
	done
	cat >"$d/slurm.conf" <<CONF
ClusterName=damkatest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$d/munge/munge.socket
CryptoType=crypto/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
MinJobAge=600
ReturnToService=2
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/log/slurmctld.log
SlurmdLogFile=$d/log/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=1024 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
	export SLURM_CONF=$d/slurm.conf
	runuser -u munge -- /usr/sbin/munged --socket="$d/munge/munge.socket" --pid-file="$d/munge/munged.pid" \
		--log-file="$d/munge/munged.log" --seed-file="$d/munge/munged.seed" || return 1
	/usr/sbin/slurmctld -i -f "$SLURM_CONF" || return 1
	/usr/sbin/slurmd -f "$SLURM_CONF" || return 1
	local i
	for i in $(seq 1 100); do
		if sinfo -h -o %t 2>/dev/null | grep -qx idle; then
			return 0
		fi
		sleep 0.2
	done
	echo "localcluster: the node did not become idle; logs in $d/log" >&2
	return 1
}

# cluster_stop drains the queue first (stopping slurmd under a running task
# leaves its processes behind), then stops each daemon by the pid it wrote.
cluster_stop() {
	local d=${CLUSTER_DIR:-} f pid i
	[ -n "$d" ] || return 0
	if [ -n "${SLURM_CONF:-}" ] && command -v scancel >/dev/null; then
		scancel --user="$(id -un)" 2>/dev/null || true
		for i in $(seq 1 50); do
			[ -z "$(squeue -h 2>/dev/null)" ] && break
			sleep 0.2
		done
	fi
	for f in "$d/slurmd.pid" "$d/slurmctld.pid" "$d/munge/munged.pid"; do
		[ -s "$f" ] || continue
		pid=$(cat "$f")
		kill "$pid" 2>/dev/null || continue
		for i in $(seq 1 50); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
		kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
	done
	CLUSTER_DIR=
}
