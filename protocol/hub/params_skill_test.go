package hub

import (
	"strconv"
	"strings"
	"testing"

	"damka/board"
	"damka/engine/skill"
)

// paramLine returns hub's param line for name, split as pydraughts does.
func paramLine(t *testing.T, h *harness, name string) map[string]string {
	t.Helper()
	for _, l := range h.answer("hub") {
		if f := pydraughtsSplit(t, l); f["name"] == name {
			return f
		}
	}
	t.Fatalf("hub lists no parameter %s", name)
	return nil
}

// skill and elo are declared with their ranges; a bad value answers an
// error line and changes nothing; a level reaches the searcher as its node
// budget, its lines and one thread.
func TestSkillParams(t *testing.T) {
	h := newHarness(t)
	for name, want := range map[string][3]string{"skill": {"20", "1", "20"}, "elo": {"0", "0", "4000"}} {
		f := paramLine(t, h, name)
		if f["type"] != "int" || f["value"] != want[0] || f["min"] != want[1] || f["max"] != want[2] {
			t.Errorf("param %s declared as %v", name, f)
		}
	}
	for _, bad := range []string{"name=skill value=99", "name=skill value=0", "name=skill value=x", "name=elo value=-1",
		"name=elo value=4001", "name=skill-seed value=-2", "name=skill-pace value=maybe"} {
		a := h.answer("set-param " + bad)
		if len(a) != 1 || !strings.HasPrefix(a[0], "error") {
			t.Errorf("set-param %s answered %q, want one error line", bad, a)
		}
	}
	if f := paramLine(t, h, "skill"); f["value"] != "20" {
		t.Errorf("skill after bad values: %s, want 20", f["value"])
	}
	if a := h.answer("set-param name=skill value=5", "set-param name=skill-pace value=false"); len(a) != 0 {
		t.Fatalf("set-param skill=5 answered %q", a)
	}
	if f := paramLine(t, h, "skill"); f["value"] != "5" {
		t.Errorf("skill after set-param: %s, want 5", f["value"])
	}
	h.answer("init")
	h.send("level move-time=0.1", "go think")
	h.until("done")
	p, _ := skill.ParamsOf(5)
	c := h.fake.lastCall(t)
	if c.limits.Nodes != p.Nodes || !c.limits.NoBook || c.limits.MoveTime == 0 {
		t.Errorf("skill 5 searched with %+v, want nodes %d, no book, the move time kept", c.limits, p.Nodes)
	}
	h.fake.mu.Lock()
	opts := h.fake.options[len(h.fake.options)-1]
	h.fake.mu.Unlock()
	if opts.MultiPV != p.Lines || opts.Threads != 1 {
		t.Errorf("skill 5 options %+v, want multipv %d, 1 thread", opts, p.Lines)
	}
	// elo picks a measured level, or says that there is none and keeps
	// the level.
	a := h.answer("set-param name=elo value=1500")
	lv, err := skill.LevelForElo(board.International, 1500)
	f := paramLine(t, h, "skill")
	switch {
	case err != nil && (len(a) != 1 || !strings.HasPrefix(a[0], "error") || f["value"] != "5"):
		t.Errorf("elo without calibration answered %q, skill %s; want an error, skill 5", a, f["value"])
	case err == nil && (len(a) != 0 || f["value"] != strconv.Itoa(lv)):
		t.Errorf("elo 1500 answered %q, skill %s; want level %d", a, f["value"], lv)
	}
	// Back to full strength: the searcher's options are the user's again.
	h.answer("set-param name=skill value=20")
	h.send("level nodes=7", "go think")
	h.until("done")
	if c := h.fake.lastCall(t); c.limits.Nodes != 7 || c.limits.NoBook {
		t.Errorf("skill 20 searched with %+v, want the limits as given", c.limits)
	}
	h.fake.mu.Lock()
	opts = h.fake.options[len(h.fake.options)-1]
	h.fake.mu.Unlock()
	if opts.MultiPV != 1 {
		t.Errorf("skill 20 options %+v, want multipv 1", opts)
	}
}
