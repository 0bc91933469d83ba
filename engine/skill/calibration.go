package skill

// The calibration: each level's Elo on one scale, from the ladder of
// matches that scripts/ladder.sh plays (docs/levels.md), anchored at the
// top to full strength's measured result against Scan 3.1h
// (International) and KestoG 1.4 (Russian). The script writes
// ladder/VARIANT.txt; a level the ladder has not measured, or whose chain
// of steps does not reach the anchor, has no Elo there ("-"), and elo
// never maps to it.

import (
	"bufio"
	"embed"
	"fmt"
	"math"
	"strconv"
	"strings"

	"damka/board"
)

//go:embed ladder/*.txt
var ladderFiles embed.FS

// Rung is one level of a ladder file.
type Rung struct {
	Level    int
	Elo      float64 // on the anchor's scale; valid when Measured
	Measured bool
}

// The ladder's Elo is relative to the anchor engine (Scan 3.1h, KestoG
// 1.4), so nearly every level's is negative. An elo target is on that
// scale shifted by EloOffset, a convention that keeps the targets positive
// (and 0 free to mean "off"): the anchor engine is 3000, full strength at
// International 2873. It is not a rating of any federation or site.
const EloOffset = 3000

// MaxElo is the largest elo target accepted (far above any level).
const MaxElo = 4000

// eloSlack is how far below the weakest measured level a target may be
// and still get it.
const eloSlack = 50

// Ladder returns the calibration of v's levels, or an error when damka
// has none for v.
func Ladder(v *board.Variant) ([]Rung, error) {
	data, err := ladderFiles.ReadFile("ladder/" + v.Name + ".txt")
	if err != nil {
		return nil, fmt.Errorf("no skill calibration for %s (International and Russian have one)", v.Name)
	}
	return parseLadder(string(data))
}

// parseLadder reads a ladder file: lines "level elo ..." where elo is a
// number or "-"; '#' starts a comment; columns after the second are notes
// for people (the step's games and score).
func parseLadder(text string) ([]Rung, error) {
	var rungs []Rung
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) < 2 {
			return nil, fmt.Errorf("ladder line %d: want level and elo", n)
		}
		lv, err := strconv.Atoi(f[0])
		if err != nil || CheckLevel(lv) != nil {
			return nil, fmt.Errorf("ladder line %d: bad level %q", n, f[0])
		}
		r := Rung{Level: lv}
		if f[1] != "-" {
			if r.Elo, err = strconv.ParseFloat(f[1], 64); err != nil || math.IsNaN(r.Elo) || math.IsInf(r.Elo, 0) {
				return nil, fmt.Errorf("ladder line %d: bad elo %q", n, f[1])
			}
			r.Measured = true
		}
		rungs = append(rungs, r)
	}
	return rungs, sc.Err()
}

// LevelForElo returns the measured level of v whose Elo is nearest the
// target elo (on the scale of EloOffset; the weaker level on a tie). A
// target above every level gets the strongest; one below the weakest
// measured level is an error, as there is no telling what would be that
// weak.
func LevelForElo(v *board.Variant, elo int) (int, error) {
	rungs, err := Ladder(v)
	if err != nil {
		return 0, err
	}
	return nearest(rungs, float64(elo-EloOffset), v.Name)
}

func nearest(rungs []Rung, elo float64, name string) (int, error) {
	best, dist, lowest := 0, math.Inf(1), math.Inf(1)
	for _, r := range rungs {
		if !r.Measured {
			continue
		}
		lowest = min(lowest, r.Elo)
		if d := math.Abs(r.Elo - elo); d < dist || d == dist && r.Level < best {
			best, dist = r.Level, d
		}
	}
	if best == 0 {
		return 0, fmt.Errorf("no level of %s has a measured Elo yet (docs/levels.md); use skill", name)
	}
	if elo < lowest-eloSlack {
		return 0, fmt.Errorf("elo %.0f is below the weakest level of %s measured so far (%.0f, docs/levels.md); use skill", elo+EloOffset, name, lowest+EloOffset)
	}
	return best, nil
}
