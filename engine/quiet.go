package engine

import (
	"math/bits"

	"damka/board"
)

// Tactical quiescence. A quiescence node without a capture used to stand
// pat on the static evaluation. Two kinds of quiet position lie to that
// evaluation, and both are decided by a capture one quiet move away:
//
//   - a threat: the opponent would capture if it were to move. Draughts has
//     no pass, so the side to move must find a parry; its value is the best
//     quiet move's, not the evaluation.
//   - a shot: a quiet move that forces an opponent capture (a man given
//     away) which opens a capture of more pieces for us in return.
//
// Both are searched with the quiet moves, each child resolving the forced
// captures in qsearch. qd bounds the quiet moves one line spends here, so
// that positions full of contact cannot explode: a quiet move costs one,
// the captures it forces cost nothing.
//
// The quiet moves are played with play, which keeps the repetition keys
// only where the frame's own key is valid; after a capture in quiescence it
// is not. That is harmless while qd < 4: a repetition needs four reversible
// plies, and a capture resets the counter (TestQuietBudgetBelowCycle).

// shotReach is the most a shot is expected to win: where the evaluation
// is further below alpha, shots are not looked for.
const shotReach = 250

// quietTactics is the value at ply, where the side to move has quiet moves
// and no capture, for a line that may still spend qd quiet moves.
func (t *thread) quietTactics(alpha, beta, ply, qd int) int {
	k := &t.e.knobs
	if k.noQThreat && k.noQShot {
		// Neither look is on (the default): a plain stand pat.
		return t.evaluateWithin(ply, alpha, beta)
	}
	// Every use of stand below compares it with alpha - shotReach or beta:
	// a bound outside that window decides the same (lazy windows).
	stand := t.evaluateWithin(ply, alpha-shotReach, beta)
	if t.columns || t.v.Goal != board.Normal {
		// Bashni's captures depend on the towers under the tops, and in
		// giveaway or breakthrough a capture is not a gain: stand pat.
		return stand
	}
	f := &t.stack[ply]
	threat := !k.noQThreat && t.opponentCaptures(ply)
	switch {
	case threat && stand <= alpha:
		// A parry keeps at best what the evaluation sees: a fail low.
		return stand
	case !threat && (k.noQShot || stand >= beta || stand+shotReach <= alpha):
		return stand
	}
	var near contact
	if !threat {
		if near = t.contact(&f.pos); near.none() {
			return stand
		}
	}
	t.v.GenerateQuiets(&f.pos, &f.ml)
	if threat && f.ml.N > 1 {
		t.order(ply, 0)
	} else {
		f.first = 0
	}
	best := -inf
	if !threat {
		// Without a threat, standing pat on the evaluation is what every
		// quiet move that forces nothing is worth, to quiescence.
		best = stand
		alpha = max(alpha, stand)
	}
	anyDraw := false
	for i := 0; i < f.ml.N; i++ {
		var m board.Move
		if threat {
			m = f.pick(i)
		} else if m = f.ml.Moves[i]; !near.may(m) || !t.shot(ply, m) {
			// Shots are rare: the filter looks at every move, in list
			// order, and most are not searched.
			continue
		}
		t.play(ply, m)
		s := -t.qsearch(-beta, -alpha, ply+1, qd-1)
		if t.abort {
			return 0
		}
		anyDraw = anyDraw || t.drawFlag
		var cut bool
		if best, alpha, cut = t.improve(ply, m, s, best, alpha, beta); cut {
			break
		}
	}
	t.drawFlag = anyDraw
	return best
}

// opponentCaptures reports whether the opponent of the side to move at ply
// could capture if it were to move: a threat the static evaluation cannot
// see. The frame below is scratch until the first play there.
func (t *thread) opponentCaptures(ply int) bool {
	c := &t.stack[ply+1]
	c.pos = t.stack[ply].pos
	c.pos.Side ^= 1
	return t.v.HasCapture(&c.pos)
}

// shot reports whether quiet move m at ply is a shot to material: it forces
// a capture, and whichever capture the opponent chooses, we can then take
// more pieces than it took. Only captures are generated (into the two
// frames below, scratch until qsearch plays there): it is a filter, the
// search that follows decides. Plain exchanges fail it, because they would
// cost a quiescence search each and rarely change the score.
func (t *thread) shot(ply int, m board.Move) bool {
	c, g := &t.stack[ply+1], &t.stack[ply+2]
	t.stack[ply].pos.PlayInto(m, &c.pos)
	// HasCapture first: it only looks, and most moves force nothing.
	if !t.v.HasCapture(&c.pos) || !t.v.GenerateCaptures(&c.pos, &c.ml) {
		return false
	}
	for i := 0; i < c.ml.N; i++ {
		r := c.ml.Moves[i]
		if r.Captured.Count() > 1 {
			// Giving two to take three is rare; the generation is not.
			return false
		}
		c.pos.PlayInto(r, &g.pos)
		if !t.v.HasCapture(&g.pos) || !t.v.GenerateCaptures(&g.pos, &g.ml) {
			return false
		}
		most := 0
		for j := 0; j < g.ml.N; j++ {
			most = max(most, g.ml.Moves[j].Captured.Count())
		}
		if most <= r.Captured.Count() {
			return false
		}
	}
	return true
}

// contact is where a quiet move of the side to move can give the opponent's
// men a capture: by moving to a square next to an opponent piece (to), or
// by leaving a square that an opponent man could jump into over one of ours
// (from). It spares the shot filter most moves of a node, and most nodes.
type contact struct{ to, from board.Bitboard }

// may reports whether move m can give the opponent a capture.
func (c contact) may(m board.Move) bool {
	return c.to&m.To.Bit() != 0 || c.from&m.From.Bit() != 0
}

// none reports that no quiet move can give the opponent a capture.
func (c contact) none() bool { return c.to|c.from == 0 }

// contact of the position p. Flying kings capture from afar, and on the
// full and the wide boards a step is not one fixed bit distance: there
// every move may.
func (t *thread) contact(p *board.Position) contact {
	g := t.v.Geo
	if g.Full || g.Wide || p.HasKing() {
		return contact{to: ^board.Bitboard(0), from: ^board.Bitboard(0)}
	}
	own, opp, _ := p.Words() // not Canadian's wide board: tested above
	if p.Side == board.Black {
		own, opp = opp, own
	}
	oppNear := neighbours(g, opp)
	return contact{
		to:   oppNear &^ (own | opp),
		from: neighbours(g, oppNear&own) & own,
	}
}

// neighbours is the squares one diagonal step from a square of b.
func neighbours(g *board.Geometry, b board.Bitboard) board.Bitboard {
	var n uint64
	for _, s := range g.Step {
		n |= bits.RotateLeft64(uint64(b), s)
	}
	return board.Bitboard(n) & g.All
}
