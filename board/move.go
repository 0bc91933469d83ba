package board

// Move is one legal move: the square a piece leaves, the square it ends on and
// the set of pieces it captures. Two capture routes with the same from, to and
// captured set are the same move (the FMJD convention). The route itself is
// recovered for notation by Paths.
//
// Bashni (towers) is the exception: there the order in which the columns
// are jumped decides which piece goes where, so Order tells apart routes
// that take the same set in another order (see Jumps). It is zero in every
// other variant, and Move stays 16 bytes (Order fills the padding).
type Move struct {
	Captured Bitboard
	From, To Square
	Promote  bool // a man becomes a king with this move
	// Order (Bashni only) is the order in which the Captured squares were
	// jumped, as the mixed-radix code of their ranks among the squares not
	// jumped yet, ascending bit order being 0 (see Jumps, orderCode).
	Order uint32
}

// Bits returns the move as one bitboard: from | to | captured.
func (m Move) Bits() Bitboard { return m.From.Bit() | m.To.Bit() | m.Captured }

// IsCapture reports whether the move takes pieces.
func (m Move) IsCapture() bool { return m.Captured != 0 }

// MaxMoves bounds the number of moves in one position. The largest counts
// known for the supported variants are far below it.
const MaxMoves = 320

// MoveList is a fixed-capacity list of moves; search and perft keep one per
// ply so that generation never allocates.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Slice returns the moves as a slice (sharing the list's storage).
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

func (l *MoveList) add(m Move) {
	if l.N < MaxMoves {
		l.Moves[l.N] = m
		l.N++
	}
}
