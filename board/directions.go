package board

// The eight directions of a ghost-square geometry, for the rules that capture
// along rows and files as well as diagonals (Frisian draughts).
//
// Directions 0-3 are the diagonals of Geometry.Step (UpLeft, UpRight,
// DownLeft, DownRight); 4-7 are the orthogonals. An orthogonal step goes to
// the nearest playing square in that line: two rows up or down on the same
// file, or two files left or right on the same row. Opposite directions sum
// to 3 (diagonals) or 11 (orthogonals): see opposite8.
const (
	Up    = 4 + iota // two rows towards square 1, same file
	Left             // two files left, same row
	Right            // two files right, same row
	Down             // two rows towards White, same file
)

// dirTable holds, per direction, the bit distance of one step and the
// squares from which that step stays on the board.
//
// In the ghost layout a vertical step (two rows, width+1 bits) is a fixed
// distance like a diagonal one, but a horizontal step is one bit and wraps
// from the end of a row onto the start of the next: so a step is taken as
// rot(x&from[d], step[d]), masking the squares on the edge it would leave.
// The masks are built once per geometry (newDirTable), not per square in
// the generator. For the diagonals the mask only repeats what the ghost
// bits already guarantee, which keeps the code the same for all eight.
type dirTable struct {
	step [8]int
	from [8]Bitboard
}

// opposite8 returns the direction opposite to d (0..7).
func opposite8(d int) int {
	if d < 4 {
		return 3 - d
	}
	return 11 - d
}

// next moves every square of x one step in direction d; squares that would
// leave the board are dropped.
func (t *dirTable) next(x Bitboard, d int) Bitboard {
	return rot(x&t.from[d], t.step[d])
}

// File and rank offsets of the directions of the generator families.
var (
	// Diagonals then orthogonals to the nearest playing square (Frisian).
	eightOffsets = [][2]int{{-1, 1}, {1, 1}, {-1, -1}, {1, -1}, {0, 2}, {-2, 0}, {2, 0}, {0, -2}}
	// The diagonals alone, in Geometry.Step's order.
	diagonalOffsets = [][2]int{{-1, 1}, {1, 1}, {-1, -1}, {1, -1}}
	// Up, left, right, down on a Full board (Turkish); opposites sum to 3.
	orthogonalOffsets = [][2]int{{0, 1}, {-1, 0}, {1, 0}, {0, -1}}
)

// newDirTable builds the directions of g from file and rank offsets,
// checking that each is one fixed bit distance.
func newDirTable(g *Geometry, offsets [][2]int) *dirTable {
	t := &dirTable{}
	for d, off := range offsets {
		set := false
		for n := 1; n <= g.Squares; n++ {
			s, _ := g.Bit(n)
			f, r := g.FileRank(s)
			to, ok := g.At(f+off[0], r+off[1])
			if !ok {
				continue
			}
			step := int(to) - int(s)
			if set && step != t.step[d] {
				panic("board: direction is not a fixed bit distance on " + g.Name)
			}
			t.step[d], set = step, true
			t.from[d] |= s.Bit()
		}
	}
	return t
}
