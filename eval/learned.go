package eval

import (
	"math"
	"math/bits"

	"damka/board"
)

// Weights are a learned evaluation for one variant: a weight per window
// state and per scalar feature, for the middle game (MG) and the endgame
// (EG), blended by the pieces left. They are fitted by damka tune and kept
// in a weights file (weights.go).
type Weights struct {
	Variant string    // board.Variant.Name
	MG, EG  []float32 // per feature, in the score unit (100 = one man)
	lay     *layout
	v       *board.Variant
	// packed holds both phases of each weight as two int16, mg in the high
	// half, in 1/weightScale of the score unit: one load of 4 bytes per
	// feature keeps the 10x10 weights at 420 KB, half of what two int32
	// would take, so that more of them stay in the cache.
	packed []int32
	// wide are the scalar features' weights as mg<<32 + eg (a king's or
	// a man's weight times the count may exceed 16 bits).
	wide [scalarFeatures]int64
	// handMG and handEG are the hand-made evaluation's weight in
	// 1/handScale (its value is in the score unit, not a count).
	handMG, handEG int64
	// hand is the hand-made evaluation the weights build on (nil: the
	// default one); WithHand sets it.
	hand *Hand
	// Margin is the lazy margin of EvaluateWithin: what the windows may
	// add to the rest, in the score unit (LazyMargin unless the fit
	// measured its own; kept in the weights file).
	Margin int
}

// handEval is the hand-made evaluation the weights build on.
func (w *Weights) handEval() *Hand {
	if w.hand != nil {
		return w.hand
	}
	return &defaultHand
}

// WithHand returns weights that build on h instead of the default
// hand-made evaluation; the tables are shared with w, which is unchanged.
func (w *Weights) WithHand(h *Hand) *Weights {
	c := *w
	c.hand = h
	return &c
}

// handScale: the hand-made evaluation's weight is kept in 1/1024 of its
// value per man (100 = as it is).
const handScale = 1024

// weightScale: integer weights are in 1/8 of the score unit, so that a
// window weight of up to 40 men fits 16 bits.
const weightScale = 8

// NewWeights returns zero weights for variant v (what tune starts from),
// or nil when v's board has no window layout or v is not played for the
// normal goal (the hand-made evaluation a learned one builds on is
// normal's).
func NewWeights(v *board.Variant) *Weights { return NewWeightsOf(v, LayoutBands) }

// NewWeightsOf is NewWeights for layout name (LayoutBands, LayoutWindows);
// nil also when name is not a layout.
func NewWeightsOf(v *board.Variant, name string) *Weights {
	l := layoutFor(v.Geo, name)
	if l == nil || v.Goal != board.Normal || v.Columns {
		return nil
	}
	n := l.features()
	w := &Weights{Variant: v.Name, MG: make([]float32, n), EG: make([]float32, n), lay: l, v: v, Margin: LazyMargin}
	w.Pack()
	return w
}

// Layout is the name of w's layout.
func (w *Weights) Layout() string { return w.lay.name }

// Reshape returns w's evaluation in layout name: the same scores, with
// every window given the table of its band when w is a bands layout and
// name a per-window one (what a per-window fit starts from), and zero
// weights for the king squares and edge shapes that name adds (what a fit
// with those options starts from, a previous generation's scores
// unchanged). It returns nil when w's layout cannot be written as name's:
// one table per window cannot become bands, and options cannot be dropped.
func (w *Weights) Reshape(name string) *Weights {
	if name == w.lay.name {
		return w
	}
	base, o, ok := splitLayout(name)
	fromBase, fromOpts, _ := splitLayout(w.lay.name)
	if !ok || base == LayoutBands && fromBase == LayoutWindows || o&fromOpts != fromOpts {
		return nil
	}
	r := NewWeightsOf(w.v, name)
	if r == nil {
		return nil
	}
	r.Margin = w.Margin
	wl, rl := w.lay, r.lay
	cp := func(to, from, n int) {
		copy(r.MG[to:to+n], w.MG[from:from+n])
		copy(r.EG[to:to+n], w.EG[from:from+n])
	}
	for i := range wl.windows {
		cp(int(rl.band[i])*windowStates, int(wl.band[i])*windowStates, windowStates)
	}
	if wl.edges > 0 {
		cp(rl.edgeBase, wl.edgeBase, wl.edges*edgeStates)
	}
	if wl.opts&KingSquares != 0 {
		cp(rl.kingBase, wl.kingBase, wl.firstKing+1-wl.kingBase)
	}
	cp(rl.scalarBase, wl.scalarBase, scalarFeatures)
	r.Pack()
	return r
}

// Scalar is the index of scalar feature f (ScalarMen, ...); the window
// weights (and the edge shapes' and kings', with those options) come
// before the first.
func (w *Weights) Scalar(f int) int { return w.lay.scalarBase + f }

// Features is the number of weights per phase.
func (w *Weights) Features() int { return len(w.MG) }

// Pack makes the integer weights that Evaluate sums from MG and EG; call it
// after changing them.
func (w *Weights) Pack() {
	if len(w.packed) != len(w.MG) {
		w.packed = make([]int32, len(w.MG))
	}
	q := func(x float32, lim float64) int64 {
		v := math.Round(float64(x) * weightScale)
		return int64(max(-lim, min(lim, v)))
	}
	for i := range w.MG {
		w.packed[i] = int32(q(w.MG[i], math.MaxInt16)<<16 + q(w.EG[i], math.MaxInt16))
	}
	for f := range ScalarHand {
		i := w.Scalar(f)
		w.wide[f] = q(w.MG[i], 1<<24)<<32 + q(w.EG[i], 1<<24)
	}
	h := w.Scalar(ScalarHand)
	w.handMG = int64(math.Round(float64(w.MG[h]) * handScale / 100))
	w.handEG = int64(math.Round(float64(w.EG[h]) * handScale / 100))
}

// Evaluate scores a quiet position from the side to move's view (100 = one
// man), as Active's model does with the weights rounded to 1/8.
func (w *Weights) Evaluate(p *board.Position) int { return w.evaluate(p, nil, nil, false, 0, 0) }

// EvaluateFollowing is Evaluate for a search that keeps a Windows per ply:
// ws is brought up to p (Follow, from ws itself or from the ply before's
// from, which may be nil) and read instead of the board.
func (w *Weights) EvaluateFollowing(p *board.Position, ws, from *Windows) int {
	return w.evaluate(p, ws, from, false, 0, 0)
}

// LazyMargin bounds what the windows add to the rest of the evaluation, in
// the score unit, for weights files that do not give their own (version 1):
// on the 73,000 quiet positions of every fifth sample of int-gen2 the
// windows of the second-generation weights moved the score by 47 or less
// in 99.9% of them and by 72 at most (docs/testing.md). A fit can measure
// its own (tune --margin-quantile, Weights.Margin).
const LazyMargin = 50

// EvaluateWithin is Evaluate for a caller that only compares the score
// with alpha and beta (the quiescence's stand pat): when the evaluation
// without the windows is at least w.Margin below alpha or above beta, it
// returns that value moved w.Margin towards the window, a bound on the
// same side as the full score (but for the rare position whose windows add
// more), and skips the windows. ws and from are as for EvaluateFollowing
// (both nil: the windows are read from the board); ws is left as it was
// when the windows are skipped.
func (w *Weights) EvaluateWithin(p *board.Position, ws, from *Windows, alpha, beta int) int {
	return w.evaluate(p, ws, from, true, alpha, beta)
}

func (w *Weights) evaluate(p *board.Position, ws, from *Windows, lazy bool, alpha, beta int) int {
	mg, eg, ph := w.rest(p)
	if lazy {
		r := phased(mg, eg, ph)
		if r+w.Margin <= alpha {
			return max(-Limit, min(Limit, r+w.Margin))
		}
		if r-w.Margin >= beta {
			return max(-Limit, min(Limit, r-w.Margin))
		}
	}
	if ws != nil {
		w.Follow(ws, from, p)
	}
	white, black, _ := p.Words()
	mgW, egW := w.windowSum(uint64(white), uint64(black), ws)
	if p.Side == board.Black {
		mgW, egW = -mgW, -egW
	}
	mg += mgW
	eg += egW
	s := phased(mg, eg, ph)
	return max(-Limit, min(Limit, s))
}

// rest is everything of the evaluation but the windows and edge shapes:
// the middle-game and endgame sums (side to move's view, in 1/weightScale)
// and the middle game's share ph (of phaseOne).
func (w *Weights) rest(p *board.Position) (mg, eg, ph int64) {
	white, black, kings := p.Words()
	wb, bb, kb := uint64(white), uint64(black), uint64(kings)
	l := w.lay
	// The scalar weights are mg<<32 + eg: one multiply per count for
	// both phases, split after the sum (eg is far within 32 bits).
	men := bits.OnesCount64(wb&^kb) - bits.OnesCount64(bb&^kb)
	kg := bits.OnesCount64(wb&kb) - bits.OnesCount64(bb&kb)
	sum := int64(men)*w.wide[ScalarMen] + int64(kg)*w.wide[ScalarKings]
	blackToMove := p.Side == board.Black
	if blackToMove {
		sum = -sum
	}
	sum += w.wide[ScalarTempo]
	eg = int64(int32(uint32(sum)))
	mg = (sum - eg) >> 32
	hand := int64(w.handEval().normal(w.v, p))
	mg += hand * w.handMG * weightScale / handScale
	eg += hand * w.handEG * weightScale / handScale
	if kb != 0 && l.opts&KingSquares != 0 {
		mgK, egK := w.kingSum(wb, bb, kb)
		if blackToMove {
			mgK, egK = -mgK, -egK
		}
		mg += mgK
		eg += egK
	}
	return mg, eg, int64(l.phase(wb, bb))
}

// WindowsPart is what the windows and edge shapes add to the rest of the
// evaluation of p (in the score unit; the score is clamped to Limit first):
// what the lazy margin must bound (damka tune margin, Weights.Margin).
func (w *Weights) WindowsPart(p *board.Position) int {
	mg, eg, ph := w.rest(p)
	return w.Evaluate(p) - phased(mg, eg, ph)
}

// phased is the score of middle-game and endgame sums mg and eg (in
// 1/weightScale) at the middle game's share ph (of phaseOne).
func phased(mg, eg, ph int64) int {
	return int((mg*ph + eg*(phaseOne-ph)) / (phaseOne * weightScale))
}

// windowSum is the windows' mg and eg sums (White's view) of the board
// white, black, read from ws when it is not nil (it then holds that
// board's readings). The high halves of the packed weights are summed apart
// from the low ones (an int16 sign-extends when taken alone). Window i's
// White reading indexes its own band's table, and its Black reading
// belongs to the turned window, so it indexes that window's band.
func (w *Weights) windowSum(white, black uint64, ws *Windows) (mgW, egW int64) {
	pk := w.packed
	for i := range w.lay.win {
		d := &w.lay.win[i]
		var x uint32
		if ws != nil {
			x = ws.r[i&(maxShapes-1)]
		} else {
			x = d.readings(white, black)
		}
		dm, de := pairSum(pk, d.own, d.turned, x)
		mgW += dm
		egW += de
	}
	for e := range w.lay.edges {
		d := &w.lay.edge[e]
		var x uint32
		if ws != nil {
			x = ws.r[(w.lay.windows+e)&(maxShapes-1)]
		} else {
			x = d.readings(white, black)
		}
		dm, de := pairSum(pk, d.own, d.turned, x)
		mgW += dm
		egW += de
	}
	return mgW, egW
}

// pairSum is what one window or edge shape adds, mg and eg: the weight of
// its White reading (the low half of x) in table own less that of its Black
// reading (the high half) in table turned.
func pairSum(pk []int32, own, turned int32, x uint32) (mg, eg int64) {
	a := pk[int(own)+int(x&0xffff)]
	b := pk[int(turned)+int(x>>16)]
	return int64(a>>16) - int64(b>>16), int64(int16(a)) - int64(int16(b))
}

// kingSum is the king weights' mg and eg sums (White's view, KingSquares).
func (w *Weights) kingSum(white, black, kings uint64) (mgK, egK int64) {
	pk, l := w.packed, w.lay
	add := func(a int32, n int64) {
		mgK += n * int64(a>>16)
		egK += n * int64(int16(a))
	}
	for k := white & kings; k != 0; k &= k - 1 {
		add(pk[l.kingIdx[0][bits.TrailingZeros64(k)&63]], 1)
	}
	for k := black & kings; k != 0; k &= k - 1 {
		add(pk[l.kingIdx[1][bits.TrailingZeros64(k)&63]], -1)
	}
	add(pk[l.firstKing], int64(b2i(white&kings != 0)-b2i(black&kings != 0)))
	return mgK, egK
}

// Float is Evaluate's model in floating point on the unrounded weights,
// through Active: what tune fits, and a check of Evaluate.
func (w *Weights) Float(p *board.Position, buf []Feature) float64 {
	white, black, kings := p.Words()
	f, mg := w.Active(uint64(white), uint64(black), uint64(kings), p.Side, buf[:0])
	var s float64
	for _, x := range f {
		s += float64(x.Value) * (float64(mg)*float64(w.MG[x.Index]) + float64(1-mg)*float64(w.EG[x.Index]))
	}
	return s
}
