package main

import (
	"strings"
	"testing"

	"damka/engine/skill"
)

// play's skill command shows and sets the level; a bad level is refused
// and changes nothing; the engine then plays at the level, a legal move.
func TestPlaySkill(t *testing.T) {
	g, out := newTestGame(t, "international", "")
	for _, l := range []string{"skill", "skill 99", "skill x", "skill 0", "skill 3", "skill", "go"} {
		g.command(l)
	}
	text := out.String()
	for _, want := range []string{"skill 20\n", `skill must be an integer from 1 to 20, not "99"`, `not "x"`, `not "0"`, "skill 3\nskill 3\n", "damka plays"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	lv, ok := g.eng.(*skill.Searcher)
	if !ok || lv.Level() != 3 {
		t.Fatalf("engine %T, want a level-3 skill.Searcher", g.eng)
	}
	if g.game.Len() != 1 {
		t.Errorf("go played %d moves", g.game.Len())
	}
	g.command("skill 20")
	if lv.Level() != 20 {
		t.Errorf("skill 20: level %d", lv.Level())
	}
}

// --skill out of range is a usage error of play and dxp.
func TestSkillFlag(t *testing.T) {
	for _, c := range []struct {
		cmd  func([]string) error
		args []string
	}{{playCmd, []string{"--skill", "0"}}, {playCmd, []string{"--skill", "21"}}, {dxpCmd, []string{"--skill", "99", "--connect", "127.0.0.1:1"}}} {
		err := c.cmd(c.args)
		if err == nil || !strings.Contains(err.Error(), "--skill") {
			t.Errorf("%s: %v, want a --skill error", strings.Join(c.args, " "), err)
		}
	}
}
