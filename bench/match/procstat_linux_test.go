package match

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// A process that sleeps uses no CPU and its threads are asleep; a process
// that spins uses about the wall time. The description must tell the two
// apart, which is what it is for.
func TestDescribeProc(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	measure := func(script string) string {
		cmd := exec.Command("sh", "-c", script)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { cmd.Process.Kill(); cmd.Wait() }()
		pid := cmd.Process.Pid
		before := sampleProc(pid)
		if !before.ok {
			t.Fatal("sampleProc could not read a running child")
		}
		start := time.Now()
		time.Sleep(300 * time.Millisecond)
		d := describeProc(before, sampleProc(pid), time.Since(start))
		t.Log(d)
		return d
	}
	if d := measure("sleep 5"); !strings.Contains(d, "CPU 0.0") || !strings.Contains(d, " S") || !strings.Contains(d, "the host stole") {
		t.Errorf("a sleeping process: %q, want no CPU, a sleeping thread and the steal time", d)
	}
	// Under load (make test beside a self-play run) a spinning child got
	// 0.09 s of these 0.3 s: any CPU at all tells it from the sleeper.
	if d := measure("while :; do :; done"); strings.Contains(d, "CPU 0.000 ") || !strings.Contains(d, " R") {
		t.Errorf("a spinning process: %q, want CPU time and a running thread", d)
	}
	if d := describeProc(procSample{}, procSample{ok: true}, time.Second); d != "" {
		t.Errorf("a failed sample described as %q", d)
	}
}

// Bytes a child wrote to a pipe that this process has not read are counted.
func TestUnreadOutput(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc")
	}
	cmd := exec.Command("sh", "-c", "printf 12345; sleep 5")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	deadline := time.Now().Add(3 * time.Second)
	for {
		n, ok := unreadPipe(cmd.Process.Pid, 1)
		if !ok {
			t.Fatal("the child's output pipe was not found")
		}
		if n == 5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d bytes unread, want 5", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
	buf := make([]byte, 5)
	if _, err := io.ReadFull(out, buf); err != nil {
		t.Fatal(err)
	}
	if n, _ := unreadPipe(cmd.Process.Pid, 1); n != 0 {
		t.Errorf("%d bytes unread after reading them all", n)
	}
}

// Bytes this process wrote to a child that the child has not read are
// counted on the child's descriptor 0.
func TestUnreadInput(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc")
	}
	cmd := exec.Command("sleep", "5") // never reads its input
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	if _, err := io.WriteString(in, "go think\n"); err != nil {
		t.Fatal(err)
	}
	n, ok := unreadPipe(cmd.Process.Pid, 0)
	if !ok || n != len("go think\n") {
		t.Errorf("unreadPipe(stdin) = %d, %v; want %d, true", n, ok, len("go think\n"))
	}
}
