package match

import (
	"strings"
	"testing"
)

func TestCompactDump(t *testing.T) {
	dump := `SIGQUIT: quit
PC=0x47e5a1 m=0 sigcode=0

goroutine 0 gp=0x6f2c40 m=0 mp=0x6f3520 [idle]:
runtime.futex(0x6f3660, 0x80, 0x0, 0x0, 0x0, 0x0)
	/usr/local/go/src/runtime/sys_linux_amd64.s:557 +0x21 fp=0x7ffd sp=0x7ffd pc=0x47e5a1

goroutine 1 gp=0xc000002380 m=nil [select]:
runtime.gopark(0x0?, 0x0?, 0x0?, 0x0?, 0x0?)
	/usr/local/go/src/runtime/proc.go:435 +0xce
damka/protocol/hub.(*Session).Run(0xc0000b8000)
	/work/main/protocol/hub/session.go:211 +0x2a5
main.main()
	/work/main/cmd/damka/main.go:40 +0x25

goroutine 9 gp=0xc000102a80 m=3 mp=0xc000100008 [running]:
goroutine running on other thread; stack unavailable
created by damka/protocol/hub.(*Session).cmdGo in goroutine 1
	/work/main/protocol/hub/search.go:92 +0x3f2

goroutine 18 gp=0xc000103dc0 m=nil [GC worker (idle)]:
runtime.gopark(0x0?, 0x0?, 0x0?, 0x0?, 0x0?)
	/usr/local/go/src/runtime/proc.go:435 +0xce
runtime.gcBgMarkWorker(0xc00001c150)
	/usr/local/go/src/runtime/mgc.go:1423 +0xe9
`
	got := compactDump(strings.Split(dump, "\n"))
	want := "4 goroutines; 0 m=0 [idle] runtime.futex; 1 [select] damka/protocol/hub.(*Session).Run; " +
		"9 m=3 [running] (running on another thread); 18 [GC worker (idle)] runtime.gopark"
	if got != want {
		t.Errorf("compactDump:\n got %s\nwant %s", got, want)
	}
	for _, in := range []string{"", "panic: something\n\tat line 3", "fakeengine: crashing on purpose"} {
		if got := compactDump(strings.Split(in, "\n")); got != "" {
			t.Errorf("compactDump(%q) = %q, want empty", in, got)
		}
	}
}
