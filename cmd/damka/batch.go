package main

// What the long commands (selfplay, match, tune, egdb build, book build)
// share so that a batch system such as Slurm can run them as they are: a
// stop on SIGTERM as on Ctrl-C (scancel and a job's time limit send
// SIGTERM), the CPU count the scheduler gave the task, and --shard I/N.

import (
	"context"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"damka/train"
)

// stopContext is cancelled on SIGINT or SIGTERM: the command then keeps what
// it has finished and returns, and the same command resumes it.
func stopContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// taskCPUs is the default worker or thread count of a long command: the
// CPUs Slurm gave the task (SLURM_CPUS_PER_TASK, set by sbatch -c) where
// it is set, def elsewhere.
func taskCPUs(def int) int {
	if n, err := strconv.Atoi(os.Getenv("SLURM_CPUS_PER_TASK")); err == nil && n > 0 {
		return n
	}
	return def
}

// shardFlag reads --shard I/N ("" when not given: the whole run).
func shardFlag(s string) (shard, shards int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	shard, shards, err = train.ParseShard(s)
	if err != nil {
		return 0, 0, usagef("--shard: %v", err)
	}
	return shard, shards, nil
}
