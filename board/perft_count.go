package board

// routeCounter counts men's capture routes without recording them: the
// bulk count of perft's last ply when only men capture. It gives up (fail)
// where counting would need the full generator: a route reaching the
// promotion row under Russian rules (the man goes on as a king), or, when
// duplicates are dropped, a route long enough (4 pieces) that two routes
// could be the same move.
type routeCounter struct {
	prey, empty, promo Bitboard
	step               *[4]int
	dirs               uint8
	majority           bool
	endsOnPromo        bool // EndsMove: reaching the far row ends the route
	failOnPromo        bool // ContinueAsKing: give up at the far row
	maxLen             int
	best, count        int
	fail               bool
}

// countManRoutes counts the legal captures when only the men in j0..j3
// (by direction of their first jump) can capture, for the FreeChoice and
// Majority rules. ok is false when the counter gave up.
func (v *Variant) countManRoutes(us Color, opp, empty Bitboard, j *[4]Bitboard, keep bool) (n int, ok bool) {
	g := v.Geo
	c := routeCounter{
		prey: opp, promo: g.Promotion[us], step: &g.Step,
		dirs:        v.manDirs(us),
		majority:    v.Capture == Majority,
		endsOnPromo: v.Promotion == EndsMove,
		failOnPromo: v.Promotion == ContinueAsKing,
		maxLen:      maxPath,
	}
	if !keep {
		c.maxLen = 4
	}
	for i := 0; i < 4; i++ {
		d := g.Step[i]
		for b := j[i]; b != 0; b &= b - 1 {
			from := b & -b
			c.empty = empty | from
			mid := rot(from, d)
			c.jumped(rot(mid, d), mid, 1)
			if c.fail {
				return 0, false
			}
		}
	}
	return c.count, true
}

// jumped goes on from land after the n-th capture (taken: the pieces so far).
func (c *routeCounter) jumped(land, taken Bitboard, n int) {
	if land&c.promo != 0 {
		if c.failOnPromo {
			c.fail = true
			return
		}
		if c.endsOnPromo {
			c.record(n)
			return
		}
	}
	found := false
	for i := 0; i < 4; i++ {
		if c.dirs&(1<<i) == 0 {
			continue
		}
		d := c.step[i]
		mid := rot(land, d) & c.prey &^ taken
		if mid == 0 {
			continue
		}
		next := rot(mid, d) & c.empty
		if next == 0 {
			continue
		}
		if n+1 >= c.maxLen {
			c.fail = true
			return
		}
		found = true
		c.jumped(next, taken|mid, n+1)
		if c.fail {
			return
		}
	}
	if !found {
		c.record(n)
	}
}

func (c *routeCounter) record(n int) {
	switch {
	case !c.majority:
		c.count++
	case n > c.best:
		c.best, c.count = n, 1
	case n == c.best:
		c.count++
	}
}
