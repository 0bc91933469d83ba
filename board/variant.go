package board

import (
	"fmt"
	"sort"
	"strings"
)

// CaptureRule says which capture sequences a player may choose from.
type CaptureRule uint8

// The values are stable (other packages fingerprint rule sets with them):
// new rules go at the end.
const (
	FreeChoice CaptureRule = iota // any complete capture sequence
	Majority                      // only sequences taking the most pieces
	// KingPriority: if a king can capture, a king must capture; otherwise
	// free choice (Czech).
	KingPriority
	// MostThenKings: the most pieces, then among those the most kings
	// (Spanish and Portuguese: quantity, then quality).
	MostThenKings
	// ItalianOrder: the four ordered criteria of Italian draughts: the most
	// pieces; then a capture with a king over one with a man; then the most
	// kings; then the sequence that meets a king earliest; then free choice.
	ItalianOrder
	// MostValue: the highest value, a man worth 100 and a king 199 (more
	// than one man, less than two; n kings less than 2n men and more than
	// 2n-1); at equal value a capture with a king over one with a man;
	// then free choice (Frisian).
	MostValue
)

// PromotionRule says what happens to a man that reaches the far row in the
// course of a capture.
type PromotionRule uint8

const (
	// PassThrough: it stays a man and must go on capturing if it can; it is
	// crowned only if the move ends on the far row (International).
	PassThrough PromotionRule = iota
	// ContinueAsKing: it is crowned at once and goes on capturing as a king
	// (Russian).
	ContinueAsKing
	// EndsMove: reaching the far row ends the move (English).
	EndsMove
)

// Goal is what a player tries to achieve. Outcome applies it.
type Goal uint8

const (
	// Normal: a side to move with no piece or no legal move loses.
	Normal Goal = iota
	// Giveaway: a side to move with no piece or no legal move wins.
	Giveaway
	// Breakthrough: the first side to crown a king wins. A position with a
	// king on the board is over: Generate gives no moves in it and Outcome
	// names the side with the king the winner.
	Breakthrough
)

// Notation is how squares are written.
type Notation uint8

const (
	Numeric   Notation = iota // 1..50, 1..32
	Algebraic                 // a1..h8
)

// DrawRules holds the counters of a variant's draw rules, in plies. Zero
// disables a rule. The values follow docs/variants.md 7.3 where it knows them
// (docs/rules.md, "Rule choices", lists the choices made where it does not).
type DrawRules struct {
	Repetitions    int          // the same position this many times is a draw (3)
	KingMovesLimit int          // plies of non-capturing king moves only
	Endgames       EndgameRules // the endgame rules and their counters (endgame.go)
}

// Variant describes one rule set as data; the generator reads it, it is never
// copied per variant. The fields added for the less common rules (Setup,
// MenSpareKings, KingHaltsBehindKing, Mirrored, NumberFromWhite, Goal) are
// off in their zero value, so a variant sets only those that apply to it.
type Variant struct {
	Name       string   // canonical name, as accepted on the command line
	Aliases    []string // other accepted names
	Title      string   // human-readable name
	Geo        *Geometry
	FirstMover Color
	Rows       int // rows of men each side starts with (or the equivalent count when Setup is set)
	// Setup is the start position as a FEN in the variant's notation, for a
	// variant that does not start with Rows full rows of men (Diagonal).
	Setup       string
	ManBackward bool // men capture backwards too
	// MenSpareKings: men cannot capture kings (Italian).
	MenSpareKings bool
	FlyingKings   bool // kings move and capture over any distance
	// KingHaltsBehindKing: a flying king whose last captured piece is a king
	// must land on the square right behind it (Killer draughts).
	KingHaltsBehindKing bool
	// OrthogonalCaptures: men and kings also capture along rows and files,
	// over the nearest playing square in the line (Frisian). Kings still
	// move diagonally only. The eight-direction generator (gen_eight.go)
	// handles it; it supports men that capture backwards, flying kings and
	// PassThrough promotion, which is all that Frisian needs.
	OrthogonalCaptures bool
	// KingMoveLimit: a side that still has men may make at most this many
	// non-capturing moves in a row with the same king (Frisian: 3); 0 for
	// no limit. The count lives in Position.KingRun.
	KingMoveLimit int
	// RemoveAtOnce: a captured piece leaves the board at once, not when
	// the move is complete, so squares can be crossed again (Turkish,
	// Thai). The removal generator (gen_removal.go) handles it; on a Full
	// board (Turkish) men move and capture forwards and sideways and kings
	// along rows and files.
	RemoveAtOnce bool
	// NoReversal: a capture may not turn back by 180 degrees between two
	// jumps (Turkish).
	NoReversal bool
	// KingLandsBehind: a flying king taking a piece lands on the square
	// right behind it (Thai).
	KingLandsBehind bool
	// DiagonalSteps: on a Full board, men also step one square diagonally
	// forwards and kings also move along diagonals, while captures stay
	// along rows and files (Armenian draughts). Only the removal
	// generator's quiet moves read it.
	DiagonalSteps bool
	// ForeignMoves: the side to move may move one of the opponent's
	// pieces instead of one of its own, as its owner would move it
	// (Stavropol). Captures are compulsory whichever colour captures,
	// with free choice among all of them, and a side left without pieces
	// has lost. The Stavropol generator (gen_foreign.go) handles it on top
	// of the diagonal one, with FreeChoice and the Normal goal only.
	ForeignMoves bool
	// Columns: a jumped piece is not removed but goes under the capturing
	// column, and the pieces under the tops live in a Towers value beside
	// the Position (Bashni, gen_towers.go). Only the Russian rules are
	// supported with it.
	Columns   bool
	Capture   CaptureRule
	Promotion PromotionRule
	Goal      Goal
	Notation  Notation
	// Mirrored: the board as the players see it is Geo reflected left to
	// right, so a1 is not a playing square and h1 is (Italian, Spanish,
	// Portuguese). The rules are symmetric, so only notation reads it.
	Mirrored bool
	// NumberFromWhite: square numbers count from White's side, 1 at White's
	// near right corner (Spanish and Portuguese: 1 = h1, 32 = a8), instead
	// of from the top left as White sees the board.
	NumberFromWhite bool
	CaptureSep      byte // separator written between the squares of a capture
	Draw            DrawRules

	// Set by register: the generator family, chosen once per call of
	// Generate, Count, HasCapture and Perft so that the diagonal one, which
	// the base variants use, carries no test for the others.
	gen  genKind
	dirs *dirTable // the eight directions of Geo (genEight)
	// diag: the four diagonals of a Full board, for DiagonalSteps; nil
	// otherwise, which is the removal generator's test for it.
	diag *dirTable
}

// genKind is a move-generator family.
type genKind uint8

const (
	genDiagonal  genKind = iota // the ghost-square diagonal generator (generate.go, capture.go)
	genEight                    // diagonal and orthogonal captures (gen_eight.go)
	genRemoval                  // pieces removed as they are taken (gen_removal.go)
	genStavropol                // the diagonal one for both colours' pieces (gen_foreign.go)
	genTowers                   // the diagonal generator with the capture order kept (Bashni, gen_towers.go)
	genWide                     // Canadian128 on the wide layout (wide.go)
)

// Variants known to damka, by canonical name.
var (
	International = &Variant{
		Name: "international", Aliases: []string{"standard", "normal", "fmjd", "100"},
		Title: "International draughts", Geo: Board10x10, FirstMover: White, Rows: 4,
		ManBackward: true, FlyingKings: true, Capture: Majority, Promotion: PassThrough,
		Notation: Numeric, CaptureSep: 'x',
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 50, Endgames: FMJDEndgames},
	}
	Russian = &Variant{
		Name: "russian", Aliases: []string{"shashki"},
		Title: "Russian draughts", Geo: Board8x8, FirstMover: White, Rows: 3,
		ManBackward: true, FlyingKings: true, Capture: FreeChoice, Promotion: ContinueAsKing,
		Notation: Algebraic, CaptureSep: ':',
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 30, Endgames: IDFEndgames},
	}
	Brazilian = &Variant{
		Name: "brazilian", Title: "Brazilian draughts", Geo: Board8x8, FirstMover: White, Rows: 3,
		ManBackward: true, FlyingKings: true, Capture: Majority, Promotion: PassThrough,
		Notation: Algebraic, CaptureSep: 'x',
		// Brazilian follows the Russian list under the IDF code (7.2).
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 30, Endgames: IDFEndgames},
	}
	English = &Variant{
		Name: "english", Aliases: []string{"american", "checkers"},
		Title: "English draughts (American checkers)", Geo: Board8x8, FirstMover: Black, Rows: 3,
		ManBackward: false, FlyingKings: false, Capture: FreeChoice, Promotion: EndsMove,
		Notation: Numeric, CaptureSep: 'x',
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 80},
	}
	// Pool is American pool checkers (APCA): English board, numbering and
	// colours, Russian men and kings, International passing promotion.
	Pool = &Variant{
		Name: "pool", Aliases: []string{"american-pool", "pool-checkers"},
		Title: "American pool checkers", Geo: Board8x8, FirstMover: Black, Rows: 3,
		ManBackward: true, FlyingKings: true, Capture: FreeChoice, Promotion: PassThrough,
		Notation: Numeric, CaptureSep: 'x',
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 30},
	}
	Italian = &Variant{
		Name: "italian", Aliases: []string{"dama-italiana"},
		Title: "Italian draughts", Geo: Board8x8, FirstMover: White, Rows: 3,
		MenSpareKings: true, Capture: ItalianOrder, Promotion: EndsMove,
		Notation: Numeric, Mirrored: true, CaptureSep: 'x',
		Draw: DrawRules{Repetitions: 4, KingMovesLimit: 80},
	}
	Spanish = &Variant{
		Name: "spanish", Title: "Spanish draughts", Geo: Board8x8, FirstMover: White, Rows: 3,
		FlyingKings: true, Capture: MostThenKings, Promotion: EndsMove,
		Notation: Numeric, Mirrored: true, NumberFromWhite: true, CaptureSep: 'x',
		Draw: DrawRules{Repetitions: 3},
	}
	Portuguese = &Variant{
		Name: "portuguese", Title: "Portuguese draughts (damas clássicas)", Geo: Board8x8, FirstMover: White, Rows: 3,
		FlyingKings: true, Capture: MostThenKings, Promotion: EndsMove,
		Notation: Numeric, Mirrored: true, NumberFromWhite: true, CaptureSep: 'x',
		Draw: DrawRules{Repetitions: 3},
	}
	Czech = &Variant{
		Name: "czech", Title: "Czech draughts", Geo: Board8x8, FirstMover: White, Rows: 3,
		FlyingKings: true, Capture: KingPriority, Promotion: EndsMove,
		Notation: Algebraic, CaptureSep: 'x',
		Draw: DrawRules{Repetitions: 3},
	}
	// Killer is International draughts with the killer rule of Scan's
	// variant: a king whose capture ends on a king stops right behind it.
	Killer = &Variant{
		Name: "killer", Title: "Killer draughts", Geo: Board10x10, FirstMover: White, Rows: 4,
		ManBackward: true, FlyingKings: true, KingHaltsBehindKing: true, Capture: Majority, Promotion: PassThrough,
		Notation: Numeric, CaptureSep: 'x',
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 50},
	}
	// BreakthroughDraughts is International draughts won by the first king.
	BreakthroughDraughts = &Variant{
		Name: "breakthrough", Aliases: []string{"bt"},
		Title: "Breakthrough draughts", Geo: Board10x10, FirstMover: White, Rows: 4,
		ManBackward: true, FlyingKings: true, Capture: Majority, Promotion: PassThrough, Goal: Breakthrough,
		Notation: Numeric, CaptureSep: 'x',
		Draw: DrawRules{Repetitions: 3},
	}
	Antidraughts = &Variant{
		Name: "antidraughts", Aliases: []string{"losing"},
		Title: "Antidraughts (International giveaway)", Geo: Board10x10, FirstMover: White, Rows: 4,
		ManBackward: true, FlyingKings: true, Capture: Majority, Promotion: PassThrough, Goal: Giveaway,
		Notation: Numeric, CaptureSep: 'x',
		Draw: DrawRules{Repetitions: 3},
	}
	// Poddavki is Russian giveaway (the variant named giveaway).
	Poddavki = &Variant{
		Name: "giveaway", Aliases: []string{"poddavki"},
		Title: "Russian giveaway (poddavki)", Geo: Board8x8, FirstMover: White, Rows: 3,
		ManBackward: true, FlyingKings: true, Capture: FreeChoice, Promotion: ContinueAsKing, Goal: Giveaway,
		Notation: Algebraic, CaptureSep: ':',
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 30},
	}
	Spantsiretti = &Variant{
		Name: "spantsiretti", Aliases: []string{"spancirety", "80"},
		Title: "Spantsiretti (80-square draughts)", Geo: Board10x8, FirstMover: White, Rows: 3,
		ManBackward: true, FlyingKings: true, Capture: FreeChoice, Promotion: ContinueAsKing,
		Notation: Algebraic, CaptureSep: ':',
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 30},
	}
	// Diagonal is Russian draughts from hcheckers' diagonal setup: the main
	// road a1-h8 empty, White's 12 men below it, Black's above.
	Diagonal = &Variant{
		Name: "diagonal", Title: "Diagonal draughts", Geo: Board8x8, FirstMover: White, Rows: 3,
		Setup:       "W:Wc1,e1,g1,d2,f2,h2,e3,g3,f4,h4,g5,h6:Bb8,d8,f8,a7,c7,e7,b6,d6,a5,c5,b4,a3",
		ManBackward: true, FlyingKings: true, Capture: FreeChoice, Promotion: ContinueAsKing,
		Notation: Algebraic, CaptureSep: ':',
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 30},
	}
)

// Frisian draughts (official rules of 2011, docs/variants.md 3.10): men and
// kings capture in eight directions, the most valuable capture is
// compulsory, and a side with men may move one king at most three times in
// a row without capturing.
var (
	Frisian = &Variant{
		Name: "frisian", Aliases: []string{"fries"},
		Title: "Frisian draughts", Geo: Board10x10, FirstMover: White, Rows: 4,
		ManBackward: true, FlyingKings: true, OrthogonalCaptures: true, KingMoveLimit: 3,
		Capture: MostValue, Promotion: PassThrough,
		Notation: Numeric, CaptureSep: 'x',
		Draw: DrawRules{Repetitions: 3},
	}
	// Frysk is lidraughts' Frysk!: Frisian rules, five men each on the
	// back row.
	Frysk = &Variant{
		Name: "frysk", Aliases: []string{"frysk!"},
		Title: "Frysk!", Geo: Board10x10, FirstMover: White, Rows: 1,
		Setup:       "W:W46-50:B1-5",
		ManBackward: true, FlyingKings: true, OrthogonalCaptures: true, KingMoveLimit: 3,
		Capture: MostValue, Promotion: PassThrough,
		Notation: Numeric, CaptureSep: 'x',
		Draw: DrawRules{Repetitions: 3},
	}
)

// Turkish draughts (dama, docs/variants.md 3.11): all 64 squares, men move and
// capture one square forwards or sideways, kings along rows and files over
// any distance; captured pieces leave the board at once, a capture may not
// turn back, the majority rule applies, and a man is crowned where its move
// ends.
var Turkish = &Variant{
	Name: "turkish", Aliases: []string{"dama"},
	Title: "Turkish draughts", Geo: Board8x8Full, FirstMover: White, Rows: 2,
	Setup:        "W:W41-56:B9-24",
	FlyingKings:  true,
	RemoveAtOnce: true, NoReversal: true,
	Capture: Majority, Promotion: PassThrough,
	Notation: Algebraic, CaptureSep: 'x',
	Draw: DrawRules{Repetitions: 3},
}

// Armenian draughts (tama): Turkish draughts in which men also step
// diagonally forwards and kings also move along diagonals; captures stay
// along rows and files (docs/rules.md, "Rule choices"). No PDN GameType of its
// own (format/pdn writes Turkish's, with a Variant tag).
var Tama = &Variant{
	Name: "tama", Aliases: []string{"armenian", "armenian-draughts"},
	Title: "Armenian draughts (tama)", Geo: Board8x8Full, FirstMover: White, Rows: 2,
	Setup:        "W:W41-56:B9-24",
	FlyingKings:  true,
	RemoveAtOnce: true, NoReversal: true, DiagonalSteps: true,
	Capture: Majority, Promotion: PassThrough,
	Notation: Algebraic, CaptureSep: 'x',
	Draw: DrawRules{Repetitions: 3},
}

// Thai draughts (mak-hot, PDN 31): 8 men each on the two nearest rows,
// Black first, men move and capture forwards only, flying kings that land
// right behind the piece they take, pieces removed as they are taken, free
// choice.
var Thai = &Variant{
	Name: "thai", Aliases: []string{"mak-hot", "makhos"},
	Title: "Thai draughts", Geo: Board8x8, FirstMover: Black, Rows: 2,
	FlyingKings: true, RemoveAtOnce: true, KingLandsBehind: true,
	Capture: FreeChoice, Promotion: EndsMove,
	Notation: Numeric, CaptureSep: '-',
	Draw: DrawRules{Repetitions: 3},
}

// Stavropol draughts (docs/variants.md 3.16): Russian rules, but the side to
// move may move one of the opponent's pieces instead of its own; captures
// are compulsory whichever colour captures (free choice among all of
// them), and a side without pieces has lost. No PDN GameType of its own
// (format/pdn writes Russian's, with a Variant tag).
var Stavropol = &Variant{
	Name: "stavropol", Aliases: []string{"stavropolskie"},
	Title: "Stavropol draughts", Geo: Board8x8, FirstMover: White, Rows: 3,
	ManBackward: true, FlyingKings: true, ForeignMoves: true, Capture: FreeChoice, Promotion: ContinueAsKing,
	Notation: Algebraic, CaptureSep: ':',
	Draw: DrawRules{Repetitions: 3, KingMovesLimit: 30},
}

// Bashni (Russian towers, stolbovye shashki; docs/variants.md 3.13): Russian
// rules played with columns, see gen_towers.go.
var Bashni = &Variant{
	Name: "bashni", Aliases: []string{"towers", "stolbovye"},
	Title: "Bashni (Russian towers)", Geo: Board8x8, FirstMover: White, Rows: 3,
	ManBackward: true, FlyingKings: true, Columns: true,
	Capture: FreeChoice, Promotion: ContinueAsKing,
	Notation: Algebraic, CaptureSep: ':',
	Draw: DrawRules{Repetitions: 3, KingMovesLimit: 30},
}

var registry = map[string]*Variant{}

// All lists the variants in a stable order.
var all []*Variant

func register(vs ...*Variant) {
	for _, v := range vs {
		if v.OrthogonalCaptures {
			if !v.ManBackward || !v.FlyingKings || v.Promotion != PassThrough {
				panic("board: the eight-direction generator needs backward men captures, flying kings and PassThrough: " + v.Name)
			}
			v.gen, v.dirs = genEight, sharedDirTable(v.Geo, genEight, eightOffsets)
		}
		if v.RemoveAtOnce || v.Geo.Full {
			if !v.RemoveAtOnce || v.ManBackward || !v.FlyingKings || v.MenSpareKings ||
				(v.Capture != Majority && v.Capture != FreeChoice) || v.Promotion == ContinueAsKing || v.KingMoveLimit != 0 {
				panic("board: rules outside what the removal generator supports: " + v.Name)
			}
			offsets := diagonalOffsets
			if v.Geo.Full {
				offsets = orthogonalOffsets
			}
			v.gen, v.dirs = genRemoval, sharedDirTable(v.Geo, genRemoval, offsets)
		}
		if v.DiagonalSteps {
			if v.gen != genRemoval || !v.Geo.Full {
				panic("board: diagonal steps need the removal generator on a Full board: " + v.Name)
			}
			v.diag = newDirTable(v.Geo, diagonalOffsets)
		}
		if v.ForeignMoves {
			if v.gen != genDiagonal || v.Capture != FreeChoice || v.Goal != Normal || v.MenSpareKings || v.KingMoveLimit != 0 {
				panic("board: foreign moves need the diagonal generator, free choice and the normal goal: " + v.Name)
			}
			v.gen = genStavropol
		}
		if v.Columns {
			if v.Geo != Board8x8 || !v.ManBackward || !v.FlyingKings || v.Capture != FreeChoice ||
				v.Promotion != ContinueAsKing || v.gen != genDiagonal || v.Goal != Normal {
				panic("board: columns are supported with the Russian rules only: " + v.Name)
			}
			v.gen = genTowers
		}
		if v.Geo.Wide {
			if v != Canadian {
				panic("board: the wide layout is Canadian's only: " + v.Name)
			}
			v.gen = genWide
		}
		all = append(all, v)
		for _, n := range append([]string{v.Name}, v.Aliases...) {
			registry[n] = v
		}
	}
}

// sharedDirTable returns the direction table of a variant already
// registered with the same board and family, or a new one: building tables
// is start-up time every run of the program pays.
func sharedDirTable(g *Geometry, gen genKind, offsets [][2]int) *dirTable {
	for _, w := range all {
		if w.Geo == g && w.gen == gen {
			return w.dirs
		}
	}
	return newDirTable(g, offsets)
}

// The base variants come first (damka variants lists them in this order).
func init() {
	register(International, Russian, Brazilian, English,
		Pool, Italian, Spanish, Portuguese, Czech,
		Killer, BreakthroughDraughts, Antidraughts, Poddavki, Spantsiretti, Diagonal,
		Frisian, Frysk, Turkish, Tama, Thai, Stavropol, Bashni, Canadian)
}

// Variants returns every known variant.
func Variants() []*Variant { return append([]*Variant(nil), all...) }

// Lookup finds a variant by name or alias, ignoring case.
func Lookup(name string) (*Variant, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	if v, ok := registry[key]; ok {
		return v, nil
	}
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(names, ", "))
}

func (v *Variant) String() string { return v.Name }

// Start returns the initial position: Setup if set, else each side's men on
// the Rows rows nearest to it, the first mover to move.
func (v *Variant) Start() Position {
	if v.Setup != "" {
		p, err := v.ParseFEN(v.Setup)
		if err != nil {
			panic("board: bad setup of " + v.Name + ": " + err.Error())
		}
		return p
	}
	if v.gen == genWide {
		q := Canadian128.Start()
		return FromBoard128(&q)
	}
	g := v.Geo
	var p Position
	n := v.Rows * g.Width / 2
	for i := 1; i <= n; i++ {
		b, _ := g.Bit(i)
		p.pieces[Black] |= b.Bit()
		w, _ := g.Bit(g.Squares + 1 - i)
		p.pieces[White] |= w.Bit()
	}
	p.Side = v.FirstMover
	p.KingRun.Limit = uint8(v.KingMoveLimit)
	return p
}

// forward returns the two directions in which the men of c move.
func forward(c Color) (int, int) {
	if c == White {
		return UpLeft, UpRight
	}
	return DownLeft, DownRight
}

// Outcome tells whether the game is over in p, whose legal moves (as
// Generate writes them) are ml, and if so whether the side to move has won;
// ml may be nil, and the moves are then generated here. It applies the
// variant's goal and nothing else: the draw rules (Draw) depend on the
// game's history and are the caller's. Search and protocols should call it
// after generating, for every goal:
//   - Normal: no legal move (no pieces, or all blocked) loses; with
//     ForeignMoves (Stavropol) a side without pieces has lost, whichever
//     side is to move (Generate gives no moves then), and otherwise no
//     legal move at all loses;
//   - Giveaway: no legal move wins;
//   - Breakthrough: a king on the board ends the game and its owner has won
//     (Generate gives no moves then); otherwise no legal move loses.
func (v *Variant) Outcome(p *Position, ml *MoveList) (over, sideToMoveWins bool) {
	if v.Goal == Breakthrough && p.kings != 0 {
		mine := p.KingsOf(p.Side) != 0
		theirs := p.KingsOf(p.Side^1) != 0
		// Only the side that just moved can have crowned; a position with a
		// king of the side to move alone (set up by hand) is its win.
		return true, mine && !theirs
	}
	if v.gen == genStavropol {
		us := p.Side & 1
		switch {
		case p.pieces[us] == 0:
			return true, false
		case p.pieces[us^1] == 0:
			// A forced foreign capture took the last piece of the side
			// that has just moved.
			return true, true
		}
	}
	n := 0
	if ml != nil {
		n = ml.N
	} else {
		var own MoveList
		v.Generate(p, &own)
		n = own.N
	}
	if n > 0 {
		return false, false
	}
	return true, v.Goal == Giveaway
}
