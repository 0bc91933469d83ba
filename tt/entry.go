package tt

// Bound says how a stored score relates to the true minimax value, which
// decides whether a probing search may cut off on it.
type Bound uint8

const (
	BoundNone  Bound = iota // no score information (e.g. an eval-only entry)
	BoundUpper              // fail-low: true value <= Score
	BoundLower              // fail-high: true value >= Score
	BoundExact              // PV node: true value == Score
)

func (b Bound) String() string {
	switch b {
	case BoundNone:
		return "none"
	case BoundUpper:
		return "upper"
	case BoundLower:
		return "lower"
	case BoundExact:
		return "exact"
	}
	return "invalid"
}

// Entry is the caller's view of a table slot. Move is opaque to the table:
// the search chooses its own move encoding (0 meaning "no move").
type Entry struct {
	Move  uint16
	Score int16
	Eval  int16
	Depth int8
	Bound Bound
}

// Data word bit layout (bit 0 = least significant):
//
//	bits  0-15  move        uint16, opaque
//	bits 16-31  score       int16, two's complement
//	bits 32-47  eval        int16, two's complement
//	bits 48-55  depth       int8, two's complement (negative depths survive)
//	bits 56-57  bound       Bound
//	bits 58-63  generation  1..63; 0 is never written
//
// Because the generation of a written entry is never 0, a data word of 0
// always means "empty slot". That keeps a zeroed table from answering
// probes for key 0 (whose key word would otherwise match an empty slot).
const (
	moveShift  = 0
	scoreShift = 16
	evalShift  = 32
	depthShift = 48
	boundShift = 56
	genShift   = 58

	boundMask = 0x3
	genMask   = 0x3f

	// numGenerations is the number of distinct non-zero generations.
	numGenerations = genMask
)

func pack(e Entry, gen uint8) uint64 {
	return uint64(e.Move)<<moveShift |
		uint64(uint16(e.Score))<<scoreShift |
		uint64(uint16(e.Eval))<<evalShift |
		uint64(uint8(e.Depth))<<depthShift |
		uint64(e.Bound&boundMask)<<boundShift |
		uint64(gen&genMask)<<genShift
}

func unpack(d uint64) Entry {
	return Entry{
		Move:  uint16(d >> moveShift),
		Score: int16(uint16(d >> scoreShift)),
		Eval:  int16(uint16(d >> evalShift)),
		Depth: int8(uint8(d >> depthShift)),
		Bound: Bound(d>>boundShift) & boundMask,
	}
}

func dataGen(d uint64) uint8   { return uint8(d>>genShift) & genMask }
func dataDepth(d uint64) int8  { return int8(uint8(d >> depthShift)) }
func dataBound(d uint64) Bound { return Bound(d>>boundShift) & boundMask }
func dataMove(d uint64) uint16 { return uint16(d >> moveShift) }

// withMove replaces the move field of d.
func withMove(d uint64, m uint16) uint64 {
	return d&^(0xffff<<moveShift) | uint64(m)<<moveShift
}

// withGen replaces the generation of d.
func withGen(d uint64, gen uint8) uint64 {
	return d&^(uint64(genMask)<<genShift) | uint64(gen)<<genShift
}

// ageDiff is how many NewSearch calls ago generation g was current,
// counting on the 1..63 cycle.
func ageDiff(cur, g uint8) int {
	return (int(cur) - int(g) + numGenerations) % numGenerations
}
