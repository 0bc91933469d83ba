package match

// What an engine process did while the runner waited for its move, read
// from /proc: when an engine loses on time, this tells a search that ran
// too long (CPU used) from a process that stood still (no CPU, blocked or
// waiting for a core) and says where its threads were.

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// procSample is one reading of an engine process.
type procSample struct {
	ok             bool
	cpu            time.Duration // user+sys of all threads
	majflt, minflt uint64
	run, wait      time.Duration // on a CPU, and runnable but waiting for one (all threads)
	states         map[string]int
	// steal is the machine's steal time over all CPUs (/proc/stat): time
	// a virtual CPU was ready but its host ran something else. A stall of
	// one virtual CPU shows here and not in the runner's own timer, which
	// may run on the other.
	steal time.Duration
}

const clockTick = 10 * time.Millisecond // USER_HZ is 100 on every Linux ABI

// sampleProc reads the process pid; ok is false where /proc cannot be read.
func sampleProc(pid int) procSample {
	var s procSample
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return s
	}
	f := statFields(string(stat))
	if len(f) < 13 {
		return s
	}
	// Fields after "pid (comm)": state=0 ... minflt=7 majflt=9 utime=11 stime=12.
	s.minflt, _ = strconv.ParseUint(f[7], 10, 64)
	s.majflt, _ = strconv.ParseUint(f[9], 10, 64)
	ut, _ := strconv.ParseUint(f[11], 10, 64)
	st, _ := strconv.ParseUint(f[12], 10, 64)
	s.cpu = time.Duration(ut+st) * clockTick
	s.states = map[string]int{}
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	for _, t := range tasks {
		dir := fmt.Sprintf("/proc/%d/task/%s/", pid, t.Name())
		if b, err := os.ReadFile(dir + "schedstat"); err == nil {
			var run, wait int64
			if _, err := fmt.Sscan(string(b), &run, &wait); err == nil {
				s.run += time.Duration(run)
				s.wait += time.Duration(wait)
			}
		}
		state := "?"
		if b, err := os.ReadFile(dir + "stat"); err == nil {
			if tf := statFields(string(b)); len(tf) > 0 {
				state = tf[0]
			}
		}
		if b, err := os.ReadFile(dir + "wchan"); err == nil {
			if w := strings.TrimSpace(string(b)); w != "" && w != "0" {
				state += " in " + w
			}
		}
		s.states[state]++
	}
	s.steal = machineSteal()
	s.ok = true
	return s
}

// machineSteal reads the steal time of all CPUs from /proc/stat's first
// line ("cpu user nice system idle iowait irq softirq steal ..."); 0 where
// it cannot be read.
func machineSteal() time.Duration {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return 0
	}
	v, _ := strconv.ParseUint(f[8], 10, 64)
	return time.Duration(v) * clockTick
}

// statFields splits a /proc stat line after the command name, which may
// hold spaces and parentheses.
func statFields(stat string) []string {
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(stat[i+1:])
}

// describeProc says what the process did between two samples taken wall
// apart: empty where either sample failed.
func describeProc(before, after procSample, wall time.Duration) string {
	if !before.ok || !after.ok {
		return ""
	}
	var states []string
	for st, n := range after.states {
		states = append(states, fmt.Sprintf("%d %s", n, st))
	}
	slices.Sort(states)
	return fmt.Sprintf("engine process over these %.3f s: CPU %.3f s, on a core %.3f s, waiting for a core %.3f s (all threads), page faults +%d major +%d minor; threads now: %s; the host stole %.2f s of the machine's CPUs",
		wall.Seconds(), (after.cpu - before.cpu).Seconds(), (after.run - before.run).Seconds(), (after.wait - before.wait).Seconds(),
		after.majflt-before.majflt, after.minflt-before.minflt, strings.Join(states, ", "), (after.steal - before.steal).Seconds())
}

// unreadPipe is how many bytes wait in the pipe on descriptor fd of the
// engine pid (TIOCINQ, alias FIONREAD, which either end of a pipe answers):
// the pipe is found by its inode among this process's descriptors. ok is
// false where that cannot be told. On fd 1, bytes waiting at a time loss
// mean that the engine had answered and the runner did not read it in
// time; on fd 0, that the engine had not read what it was sent.
func unreadPipe(pid, fd int) (n int, ok bool) {
	target, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%d", pid, fd))
	if err != nil || !strings.HasPrefix(target, "pipe:") {
		return 0, false
	}
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return 0, false
	}
	for _, fd := range fds {
		if l, err := os.Readlink("/proc/self/fd/" + fd.Name()); err != nil || l != target {
			continue
		}
		num, err := strconv.Atoi(fd.Name())
		if err != nil {
			continue
		}
		if v, err := unix.IoctlGetInt(num, unix.TIOCINQ); err == nil {
			return v, true
		}
	}
	return 0, false
}
