package engine

import "damka/board"

// Zobrist keys: one random word per (bit, piece kind) and one for the side
// to move, so that the same board with the other side to move is another
// position (repetitions count only with the same side to move).
//
// Keys are indexed by bit rather than by notation number so that every
// geometry that fits one word shares the table.
type zobristTable struct {
	piece   [4][64]uint64    // kind: 0 white man, 1 black man, 2 white king, 3 black king
	side    uint64           // xored in when Black is to move
	rule    [64]uint64       // plies left on the king-moves counter, when close to it
	run     [2][8][64]uint64 // Frisian: side, moves in the run, the running king's square
	endgame [64]uint64       // plies left on an active endgame counter (capped)
	road    [16]uint64       // plies left on the Russian 7.2.7 counter
	// under: Bashni's pieces under the tops, by depth under the top, bit
	// and piece code (board.PieceCode, the kinds of piece).
	under [board.MaxUnder][64][4]uint64
	// wide: Canadian's squares 64-76 (board.Position's wide layout), by
	// piece kind as in piece.
	wide [4][13]uint64
}

var zobrist = newZobrist()

// splitmix64 is a fixed, seedable generator: keys (and with them the bench
// node count) must be the same on every machine and every run.
func splitmix64(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	z := *state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func newZobrist() *zobristTable {
	z := &zobristTable{}
	seed := uint64(0x64616d6b61) // "damka"
	for k := range z.piece {
		for s := range z.piece[k] {
			z.piece[k][s] = splitmix64(&seed)
		}
	}
	z.side = splitmix64(&seed)
	for i := range z.rule {
		z.rule[i] = splitmix64(&seed)
	}
	// Drawn after the other keys, so that those stay as they were.
	for c := range z.run {
		for n := range z.run[c] {
			for s := range z.run[c][n] {
				z.run[c][n][s] = splitmix64(&seed)
			}
		}
	}
	// Drawn last, for the same reason.
	for i := range z.endgame {
		z.endgame[i] = splitmix64(&seed)
	}
	for i := range z.road {
		z.road[i] = splitmix64(&seed)
	}
	// Drawn last, for the same reason.
	for d := range z.under {
		for s := range z.under[d] {
			for k := range z.under[d][s] {
				z.under[d][s][k] = splitmix64(&seed)
			}
		}
	}
	for k := range z.wide {
		for s := range z.wide[k] {
			z.wide[k][s] = splitmix64(&seed)
		}
	}
	return z
}

// endgameKey folds an endgame counter into the table key: the plies left
// on the material counter (the same board is a draw or not depending on
// them; beyond 63 they are treated alike) and on the 7.2.7 road counter.
func endgameKey(c *board.EndgameCounter) uint64 {
	left := c.Endgame().Limit() - c.Plies()
	k := zobrist.endgame[min(max(left, 0), len(zobrist.endgame)-1)]
	if r := c.RoadPlies(); r >= 0 {
		k ^= zobrist.road[max(board.RoadLimit-r, 0)]
	}
	return k
}

// runKey is the part of a position's identity that is not on the board:
// Frisian's count of consecutive moves with one king, per side. Two
// positions with the same pieces but different counts have different legal
// moves, so they are different positions for the table and for repetition
// (Scan compares them too). Zero in every variant without the rule.
func runKey(p *board.Position) uint64 {
	r := &p.KingRun
	if r.Limit == 0 {
		return 0
	}
	var h uint64
	for c := 0; c < 2; c++ {
		if n := r.Moves[c]; n != 0 {
			h ^= zobrist.run[c][n&7][r.Square[c]&63]
		}
	}
	return h
}

// hashPosition computes the key of p from scratch.
func hashPosition(p *board.Position) uint64 {
	var h uint64
	if p.Side == board.Black {
		h ^= zobrist.side
	}
	if p.IsWide() {
		for s, pc := range p.All() {
			h ^= squareKey(pc, s)
		}
		return h
	}
	// The word loops: Bashni hashes every child from scratch.
	w := p.Board64()
	for c := board.White; c <= board.Black; c++ {
		for b := w.Men(c); b != 0; b &= b - 1 {
			h ^= zobrist.piece[c][b.First()]
		}
		for b := w.KingsOf(c); b != 0; b &= b - 1 {
			h ^= zobrist.piece[2+c][b.First()]
		}
	}
	return h
}

// pieceKind maps a board.Piece to its key index: 0 white man, 1 black man,
// 2 white king, 3 black king.
var pieceKind = [5]int{board.WhiteMan: 0, board.BlackMan: 1, board.WhiteKing: 2, board.BlackKing: 3}

// squareKey is the key of piece pc on square s of any board, the squares
// above the word of Canadian's wide layout included.
func squareKey(pc board.Piece, s board.Square) uint64 {
	if s >= 64 {
		return zobrist.wide[pieceKind[pc]][s-64]
	}
	return zobrist.piece[pieceKind[pc]][s]
}

// hashMoveWide is hashMove for Canadian's wide layout, where the origin
// or the destination may be above the word (captured pieces never are).
func hashMoveWide(h uint64, p *board.Position, m board.Move) uint64 {
	pc := p.At(m.From)
	to := pc
	if m.Promote {
		to = pc + (board.WhiteKing - board.WhiteMan)
	}
	h ^= squareKey(pc, m.From) ^ squareKey(to, m.To) ^ zobrist.side
	for b := m.Captured; b != 0; b &= b - 1 {
		s := b.First()
		h ^= squareKey(p.At(s), s)
	}
	return h
}

// hashMove returns the key after move m, legal in p whose key is h. It
// costs a few table loads per move plus one per captured piece, against one
// per piece on the board from scratch (BenchmarkHash measures both; the
// incremental update is about 3-5 times faster in middlegame positions).
// The moving piece's colour is read off the board, without a branch: in
// Stavropol draughts it may be the opponent's.
func hashMove(h uint64, p *board.Position, m board.Move) uint64 {
	_, black, kings := p.Words()
	us := board.Color(black>>(m.From&63)) & 1
	kind := int(us)
	if kings.Has(m.From) {
		kind += 2
	}
	to := kind
	if m.Promote {
		to = 2 + int(us)
	}
	h ^= zobrist.piece[kind][m.From&63] ^ zobrist.piece[to][m.To&63] ^ zobrist.side
	for b := m.Captured; b != 0; b &= b - 1 {
		s := b.First()
		k := int(us ^ 1)
		if kings.Has(s) {
			k += 2
		}
		h ^= zobrist.piece[k][s]
	}
	return h
}

// hashTowers is the part of a Bashni position's key that its towers add:
// one key per piece under a top. Zero when no piece is under a top, so a
// Bashni position without columns has the key of its tops.
func hashTowers(p *board.Position, t *board.Towers) uint64 {
	var h uint64
	w := p.Board64()
	for b := w.Occupied(); b != 0; b &= b - 1 {
		s := b.First()
		c := t.Column(s)
		for k := 0; k < c.Len(); k++ {
			h ^= zobrist.under[k][s&63][c.At(k)]
		}
	}
	return h
}
