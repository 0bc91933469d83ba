package main

// --skill for the commands that play people or other programs (play, dxp):
// the level of engine/skill, 1 (beginner) to 20 (full strength). hub takes
// it as the Hub parameter skill (--skill=N, set-param, option.skill=N).

import (
	"flag"
	"strconv"

	"damka/engine"
	"damka/engine/skill"
)

// skillFlag declares --skill on fs; the function it returns wraps an
// engine at that level (the engine itself at full strength).
func skillFlag(fs *flag.FlagSet) func(e engine.Searcher, seed uint64, pace bool) (engine.Searcher, error) {
	level := fs.Int("skill", skill.MaxLevel, "playing level, 1 (beginner) to 20 (full strength); docs/levels.md")
	return func(e engine.Searcher, seed uint64, pace bool) (engine.Searcher, error) {
		if err := skill.CheckLevel(*level); err != nil {
			return nil, usagef("--skill: %v", err)
		}
		if *level == skill.MaxLevel {
			return e, nil
		}
		return skill.Wrap(e, *level, seed, pace)
	}
}

// setSkill is play's skill command: show the level (empty text) or set it.
// An engine started at full strength is wrapped on the first change.
func (g *game) setSkill(text string) {
	lv, _ := g.eng.(*skill.Searcher)
	if text == "" {
		level := skill.MaxLevel
		if lv != nil {
			level = lv.Level()
		}
		g.printf("skill %d\n", level)
		return
	}
	n, err := strconv.Atoi(text)
	if err != nil || skill.CheckLevel(n) != nil {
		g.printf("skill must be an integer from %d to %d, not %q\n", skill.MinLevel, skill.MaxLevel, clip(text, 40))
		return
	}
	if lv == nil {
		if lv, err = skill.Wrap(g.eng, n, uint64(g.now().UnixNano()), true); err != nil {
			g.printf("%v\n", err)
			return
		}
		g.eng = lv
	}
	_ = lv.SetLevel(n) // checked above
	g.printf("skill %d\n", n)
}
