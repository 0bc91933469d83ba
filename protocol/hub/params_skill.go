package hub

// The strength parameters (engine/skill): skill is the level, 1 to 20
// (20, full strength, the default); elo chooses the level whose measured
// Elo is nearest (0: off; only where the variant has a calibration);
// skill-seed makes a level's choices repeatable; skill-pace spends the
// clock like a person below full strength.

import (
	"fmt"
	"strconv"

	"damka/engine/skill"
)

// maxSkillSeed bounds skill-seed to what every GUI's integer field holds.
const maxSkillSeed = 1<<31 - 1

var skillParams = []param{
	{name: "skill", typ: "int", min: skill.MinLevel, max: skill.MaxLevel,
		get: func(s *Session) string { return strconv.Itoa(s.level.Level()) },
		set: func(s *Session, value string) error {
			n, err := strconv.Atoi(value)
			if err != nil || skill.CheckLevel(n) != nil {
				return fmt.Errorf("skill must be an integer from %d to %d, not %s", skill.MinLevel, skill.MaxLevel, quoteValue(value))
			}
			s.elo = 0 // a level chosen by hand: no Elo target any more
			return s.level.SetLevel(n)
		}},
	{name: "elo", typ: "int", min: 0, max: skill.MaxElo,
		get: func(s *Session) string { return strconv.Itoa(s.elo) },
		set: func(s *Session, value string) error {
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 || n > skill.MaxElo {
				return fmt.Errorf("elo must be an integer from 0 (off) to %d, not %s", skill.MaxElo, quoteValue(value))
			}
			if n == 0 {
				s.elo = 0
				return nil
			}
			lv, err := skill.LevelForElo(s.variant, n)
			if err != nil {
				return fmt.Errorf("elo: %v", err)
			}
			s.elo = n
			return s.level.SetLevel(lv)
		}},
	{name: "skill-seed", typ: "int", min: 0, max: maxSkillSeed,
		get: func(s *Session) string { return strconv.FormatUint(s.level.Seed(), 10) },
		set: func(s *Session, value string) error {
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 || n > maxSkillSeed {
				return fmt.Errorf("skill-seed must be an integer from 0 to %d, not %s", maxSkillSeed, quoteValue(value))
			}
			s.level.SetSeed(uint64(n))
			return nil
		}},
	{name: "skill-pace", typ: "bool",
		get: func(s *Session) string { return strconv.FormatBool(s.level.Pace()) },
		set: func(s *Session, value string) error {
			on := s.level.Pace()
			if err := setBool(&on, "skill-pace", value); err != nil {
				return err
			}
			s.level.SetPace(on)
			return nil
		}},
}
