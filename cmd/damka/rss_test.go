package main

import (
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"testing"

	"damka/engine"
)

// rssSlackMB is how far above the hash size the process may go with the
// default settings (docs/performance.md, "Memory"). 24 since the learned evaluation
// became the default: its weights add 2 to 3 MB to the peak (82.0 MB
// before, 84.3-84.8 MB after, analyse --time 2 on the King-ending FEN);
// 27 since International has a table per window (four times the window
// weights: 86.5 MB alone, 88.9 MB beside the rest of make test).
const rssSlackMB = 27

// TestAnalyseRSS runs analyse with the default hash, in the opening and in
// an ending that the embedded tables answer, and checks the peak resident
// memory the kernel reports for the child against hash + rssSlackMB. The
// ending runs on 2 cores: probing the tables churns the Go heap, and that
// grows with the number of cores (about 5 MB more at 16, docs/performance.md),
// so the bound checked is the one its table states.
func TestAnalyseRSS(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("peak RSS of a child is read from Linux's rusage")
	}
	bin := buildDamka(t)
	for _, tc := range []struct {
		args []string
		env  []string
	}{
		{[]string{"analyse", "--depth", "12"}, nil},
		{[]string{"analyse", "--fen", "W:W28,33,K46:B3,12,K20", "--time", "2"}, []string{"GOMAXPROCS=2"}},
	} {
		args := tc.args
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), tc.env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		if !ok || ru.Maxrss == 0 {
			t.Skip("no peak RSS reported")
		}
		peakMB := float64(ru.Maxrss) / 1024 // Linux reports KiB
		if limit := float64(engine.DefaultHashMB + rssSlackMB); peakMB > limit {
			t.Errorf("%v: peak RSS %.1f MB, more than hash %d MB + %d MB", args, peakMB, engine.DefaultHashMB, rssSlackMB)
		}
		t.Logf("%v: peak RSS %.1f MB with hash %d MB", args, peakMB, engine.DefaultHashMB)
	}
}
