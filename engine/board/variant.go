package board

import (
	"fmt"
	"sort"
	"strings"
)

// CaptureRule says which capture sequences a player may choose from.
type CaptureRule uint8

const (
	FreeChoice CaptureRule = iota // any complete capture sequence
	Majority                      // only sequences taking the most pieces
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

// Goal is what a player tries to achieve.
type Goal uint8

const (
	// Normal: a side to move with no piece or no legal move loses.
	Normal Goal = iota
	// Giveaway: a side to move with no piece or no legal move wins.
	Giveaway
	// Breakthrough: the first side to crown a king wins.
	Breakthrough
)

// Notation is how squares are written.
type Notation uint8

const (
	Numeric   Notation = iota // 1..50, 1..32
	Algebraic                 // a1..h8
)

// DrawRules holds the counters of a variant's draw rules, in plies. Zero
// disables a rule.
type DrawRules struct {
	Repetitions    int // the same position this many times is a draw (3)
	KingMovesLimit int // plies of non-capturing king moves only
}

// Variant describes one rule set as data; the generator reads it, it is never
// copied per variant.
type Variant struct {
	Name        string   // canonical name, as accepted on the command line
	Aliases     []string // other accepted names
	Title       string   // human-readable name
	Geo         *Geometry
	FirstMover  Color
	Rows        int  // rows of men each side starts with
	ManBackward bool // men capture backwards too
	FlyingKings bool // kings move and capture over any distance
	Capture     CaptureRule
	Promotion   PromotionRule
	Goal        Goal
	Notation    Notation
	CaptureSep  byte // separator written between the squares of a capture
	GameType    int  // PDN GameType number
	Draw        DrawRules
	HubName     string // name used by the Hub protocol ecosystem, if any
}

// Variants known to damka, by canonical name.
var (
	International = &Variant{
		Name: "international", Aliases: []string{"standard", "normal", "fmjd", "100"},
		Title: "International draughts", Geo: Board10x10, FirstMover: White, Rows: 4,
		ManBackward: true, FlyingKings: true, Capture: Majority, Promotion: PassThrough,
		Notation: Numeric, CaptureSep: 'x', GameType: 20, HubName: "normal",
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 50},
	}
	Russian = &Variant{
		Name: "russian", Aliases: []string{"shashki"},
		Title: "Russian draughts", Geo: Board8x8, FirstMover: White, Rows: 3,
		ManBackward: true, FlyingKings: true, Capture: FreeChoice, Promotion: ContinueAsKing,
		Notation: Algebraic, CaptureSep: ':', GameType: 25, HubName: "russian",
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 30},
	}
	Brazilian = &Variant{
		Name: "brazilian", Title: "Brazilian draughts", Geo: Board8x8, FirstMover: White, Rows: 3,
		ManBackward: true, FlyingKings: true, Capture: Majority, Promotion: PassThrough,
		Notation: Algebraic, CaptureSep: 'x', GameType: 26, HubName: "brazilian",
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 30},
	}
	English = &Variant{
		Name: "english", Aliases: []string{"american", "checkers"},
		Title: "English draughts (American checkers)", Geo: Board8x8, FirstMover: Black, Rows: 3,
		ManBackward: false, FlyingKings: false, Capture: FreeChoice, Promotion: EndsMove,
		Notation: Numeric, CaptureSep: 'x', GameType: 21,
		Draw: DrawRules{Repetitions: 3, KingMovesLimit: 80},
	}
)

var registry = map[string]*Variant{}

// All lists the variants in a stable order.
var all []*Variant

func register(vs ...*Variant) {
	for _, v := range vs {
		all = append(all, v)
		for _, n := range append([]string{v.Name}, v.Aliases...) {
			registry[n] = v
		}
	}
}

func init() { register(International, Russian, Brazilian, English) }

// Variants returns every known variant.
func Variants() []*Variant { return append([]*Variant(nil), all...) }

// Lookup finds a variant by name or alias, ignoring case.
func Lookup(name string) (*Variant, error) {
	if v, ok := registry[strings.ToLower(strings.TrimSpace(name))]; ok {
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

// Start returns the initial position: each side's men on the Rows rows
// nearest to it, the first mover to move.
func (v *Variant) Start() Position {
	g := v.Geo
	var p Position
	n := v.Rows * g.Width / 2
	for i := 1; i <= n; i++ {
		b, _ := g.Bit(i)
		p.Pieces[Black] |= b.Bit()
		w, _ := g.Bit(g.Squares + 1 - i)
		p.Pieces[White] |= w.Bit()
	}
	p.Side = v.FirstMover
	return p
}

// forward returns the two directions in which the men of c move.
func forward(c Color) (int, int) {
	if c == White {
		return UpLeft, UpRight
	}
	return DownLeft, DownRight
}
