package train

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"

	"damka/board"
	"damka/eval"
)

// TuneConfig says how to fit the learned evaluation.
type TuneConfig struct {
	Epochs int
	Batch  int     // samples per step
	Rate   float64 // Adam's step size, in the score unit
	// Lambda weighs the game result against the search score in the
	// target: Lambda*result + (1-Lambda)*sigmoid(score/K).
	Lambda float64
	// L2 pulls the window weights towards 0 (per step, times the weight):
	// a state seen in few positions keeps a small weight.
	L2 float64
	// FreeHand lets the hand-made evaluation's weight move too; by
	// default it stays at 100 (the evaluation as it is), which keeps the
	// scores on the scale the search's margins were set for.
	FreeHand bool
	// Epsilon is Adam's epsilon. Large, it keeps a rarely seen feature
	// (whose gradient is small) from taking as large steps as a common
	// one: with Adam's usual 1e-8 every weight moves at the same speed,
	// and the weights of window states met in a handful of positions fit
	// their noise, which the search then seeks out.
	Epsilon float64
	Seed    uint64
	// Start, if set, is where the weights start (a previous generation,
	// reshaped to Layout); otherwise from material alone.
	Start *eval.Weights
	// Layout is the weights' layout (eval.LayoutBands when empty).
	Layout string
	// Prior makes L2 pull the window weights towards Start's instead of
	// towards 0: a per-window fit that starts from a bands fit then moves
	// a window's table away from its band's only where the data say so.
	Prior bool
	// Hand, if set, is the hand-made evaluation the weights build on
	// instead of the default one (a term switched off, to measure what
	// the windows make redundant).
	Hand *eval.Hand
	// MarginQuantile, if positive, sets the weights' lazy margin to this
	// quantile of what their windows add over the data's positions (at
	// most 500,000 of them, evenly spread); 0 keeps eval.LazyMargin.
	MarginQuantile float64
	// Progress, if set, is called after each epoch.
	Progress func(Epoch)
	// Checkpoint, if set, is a file where the fit's state is kept after
	// every epoch and when ctx ends; a Tune that finds one made by the
	// same data and settings goes on from it, to the same weights an
	// uninterrupted fit gives. Tune removes it when it is done.
	Checkpoint string
}

// Epoch is the loss after one pass over the data.
type Epoch struct {
	N               int
	Train, HeldOut  float64 // mean cross-entropy against the target
	ResultHeldOut   float64 // against the game result alone
	BaselineHeldOut float64 // the hand-made evaluation's, on the same scale
	BaselineResult  float64 // the hand-made evaluation's against the result alone
}

// heldOutShare: one position in heldOutEvery is kept out of the fit (by a
// hash of the position, so the split is the same for every run and for a
// position met in both of two generations' data).
const heldOutEvery = 20

// set is the training data with their features, in flat arrays.
type set struct {
	off    []int32 // features of sample i: feat[off[i]:off[i+1]]
	feat   []eval.Feature
	mg     []float32 // middle-game share
	target []float32
	result []float32
	weight []float32 // games behind the sample (merged duplicates count more)
	base   []float32 // the hand-made evaluation's score
}

func (s *set) len() int { return len(s.mg) }

// Tune fits weights for d's variant and returns them with the loss of
// every epoch. When ctx ends it stops after the current step, keeps its
// state in cfg.Checkpoint (if set) and returns an error wrapping
// ErrInterrupted.
func Tune(ctx context.Context, d *Data, cfg TuneConfig) (*eval.Weights, []Epoch, error) {
	v, err := board.Lookup(d.Header.Variant)
	if err != nil {
		return nil, nil, err
	}
	layout := cmp.Or(cfg.Layout, eval.LayoutBands)
	w := eval.NewWeightsOf(v, layout)
	if w == nil {
		return nil, nil, fmt.Errorf("tune: %s has no learned evaluation in layout %q", v.Name, layout)
	}
	if cfg.Hand != nil {
		w = w.WithHand(cfg.Hand)
	}
	if cfg.Start != nil && cfg.Start.Reshape(layout) == nil {
		return nil, nil, fmt.Errorf("tune: the start weights (layout %s) cannot become layout %s", cfg.Start.Layout(), layout)
	}
	if cfg.Prior && cfg.Start == nil {
		return nil, nil, errors.New("tune: a prior needs start weights")
	}
	if len(d.Samples) < 100 {
		return nil, nil, errors.New("tune: fewer than 100 positions")
	}
	k := FitScale(d.Samples)
	train, held := split(v, w, d.Samples, k, cfg.Lambda)
	start(w, cfg.Start)
	n := w.Features()
	params := make([]float64, 2*n) // MG then EG
	for i := range n {
		params[i], params[n+i] = float64(w.MG[i]), float64(w.EG[i])
	}
	prior := make([]float64, 2*n) // what L2 pulls towards
	if cfg.Prior {
		copy(prior, params)
	}
	grad := make([]float64, 2*n)
	hand := w.Scalar(eval.ScalarHand)
	st := &tuneState{Params: params, M1: make([]float64, 2*n), M2: make([]float64, 2*n), Epoch: 1,
		Fingerprint: tuneFingerprint(d, &cfg)}
	if cfg.Checkpoint != "" {
		if err := st.resume(cfg.Checkpoint); err != nil {
			return nil, nil, err
		}
	}
	params, m1, m2 := st.Params, st.M1, st.M2
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x7475))
	order := make([]int32, train.len())
	for i := range order {
		order[i] = int32(i)
	}
	shuffle := func() { rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] }) }
	// A resumed fit replays the shuffles of the finished epochs (each
	// shuffles the order the last one left), which costs far less than
	// an epoch and keeps the checkpoint small.
	for range st.Epoch - 1 {
		shuffle()
	}
	batch := max(cfg.Batch, 1)
	const beta1, beta2 = 0.9, 0.999
	epsilon := cmp.Or(cfg.Epsilon, 1e-8)
	for ; st.Epoch <= cfg.Epochs; st.Epoch, st.Next = st.Epoch+1, 0 {
		ep := st.Epoch
		shuffle()
		rate := cfg.Rate * (1 - 0.9*float64(ep-1)/float64(max(cfg.Epochs, 1)))
		for lo := st.Next; lo < len(order); lo += batch {
			if ctx.Err() != nil {
				st.Next = lo
				if err := st.save(cfg.Checkpoint); err != nil {
					return nil, nil, err
				}
				if cfg.Checkpoint == "" {
					return nil, nil, fmt.Errorf("tune: %w in epoch %d", ErrInterrupted, ep)
				}
				return nil, nil, fmt.Errorf("tune: %w in epoch %d (the state is kept in %s; the same command resumes)", ErrInterrupted, ep, cfg.Checkpoint)
			}
			hi := min(lo+batch, len(order))
			clear(grad)
			var wsum float64
			for _, j := range order[lo:hi] {
				e, mg := predict(params, n, train, int(j))
				p := sigmoid(e / k)
				g := float64(train.weight[j]) * (p - float64(train.target[j])) / k
				wsum += float64(train.weight[j])
				for _, f := range train.feat[train.off[j]:train.off[j+1]] {
					x := g * float64(f.Value)
					grad[f.Index] += x * mg
					grad[n+int(f.Index)] += x * (1 - mg)
				}
			}
			st.Step++
			c1 := 1 - math.Pow(beta1, float64(st.Step))
			c2 := 1 - math.Pow(beta2, float64(st.Step))
			for i := range params {
				if i%n == hand && !cfg.FreeHand {
					continue
				}
				gi := grad[i] / wsum
				if i%n != hand {
					gi += cfg.L2 * (params[i] - prior[i])
				}
				m1[i] = beta1*m1[i] + (1-beta1)*gi
				m2[i] = beta2*m2[i] + (1-beta2)*gi*gi
				params[i] -= rate * (m1[i] / c1) / (math.Sqrt(m2[i]/c2) + epsilon)
			}
		}
		e := Epoch{N: ep, Train: loss(params, n, train, k, false), HeldOut: loss(params, n, held, k, false),
			ResultHeldOut: loss(params, n, held, k, true), BaselineHeldOut: baselineLoss(held, k, false),
			BaselineResult: baselineLoss(held, k, true)}
		st.Epochs = append(st.Epochs, e)
		if cfg.Progress != nil {
			cfg.Progress(e)
		}
		if ep < cfg.Epochs {
			// Kept for a run killed without warning: it loses one epoch.
			st.Epoch, st.Next = ep+1, 0
			err := st.save(cfg.Checkpoint)
			st.Epoch = ep
			if err != nil {
				return nil, nil, err
			}
		}
	}
	if cfg.Checkpoint != "" {
		if err := os.Remove(cfg.Checkpoint); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, nil, err
		}
	}
	epochs := st.Epochs
	for i := range n {
		w.MG[i], w.EG[i] = float32(params[i]), float32(params[n+i])
	}
	w.Pack()
	if cfg.MarginQuantile > 0 {
		w.Margin = MarginAt(WindowsParts(w, d.Samples, 500_000), cfg.MarginQuantile)
	}
	return w, epochs, nil
}

// WindowsParts is what w's windows add (eval.Weights.WindowsPart, as an
// absolute value) over at most limit of samples, evenly spread, sorted.
func WindowsParts(w *eval.Weights, samples []Sample, limit int) []int {
	step := max(1, (len(samples)+limit-1)/max(limit, 1))
	parts := make([]int, 0, len(samples)/step+1)
	for i := 0; i < len(samples); i += step {
		s := &samples[i]
		p := board.FromBoard64(board.Board64{Pieces: [2]board.Bitboard{board.Bitboard(s.White), board.Bitboard(s.Black)}, Kings: board.Bitboard(s.Kings)}, board.Color(s.Side))
		x := w.WindowsPart(&p)
		parts = append(parts, max(x, -x))
	}
	slices.Sort(parts)
	return parts
}

// Quantile is the value below which the fraction q of the sorted parts lie
// (q in [0, 1); parts not empty).
func Quantile(parts []int, q float64) int {
	return parts[min(len(parts)-1, int(q*float64(len(parts))))]
}

// MarginAt is the lazy margin that covers the fraction q of the sorted
// parts (WindowsParts), within what a weights file may hold.
func MarginAt(parts []int, q float64) int {
	return min(Quantile(parts, q), eval.MaxMargin)
}

// start sets the first weights: a previous generation's, or material.
func start(w *eval.Weights, from *eval.Weights) {
	if from != nil {
		from = from.Reshape(w.Layout())
	}
	if from != nil && from.Variant == w.Variant && from.Features() == w.Features() {
		copy(w.MG, from.MG)
		copy(w.EG, from.EG)
		return
	}
	// The hand-made evaluation as it is (it holds material too).
	h := w.Scalar(eval.ScalarHand)
	w.MG[h], w.EG[h] = 100, 100
}

func predict(params []float64, n int, s *set, j int) (e, mg float64) {
	mg = float64(s.mg[j])
	for _, f := range s.feat[s.off[j]:s.off[j+1]] {
		e += float64(f.Value) * (mg*params[f.Index] + (1-mg)*params[n+int(f.Index)])
	}
	return e, mg
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// crossEntropy of prediction p against target t, clamped away from 0 and 1.
func crossEntropy(t, p float64) float64 {
	p = min(max(p, 1e-9), 1-1e-9)
	return -(t*math.Log(p) + (1-t)*math.Log(1-p))
}

func loss(params []float64, n int, s *set, k float64, result bool) float64 {
	var sum, ws float64
	for j := range s.len() {
		e, _ := predict(params, n, s, j)
		t := s.target[j]
		if result {
			t = s.result[j]
		}
		sum += float64(s.weight[j]) * crossEntropy(float64(t), sigmoid(e/k))
		ws += float64(s.weight[j])
	}
	return sum / max(ws, 1e-9)
}

func baselineLoss(s *set, k float64, result bool) float64 {
	var sum, ws float64
	for j := range s.len() {
		t := s.target[j]
		if result {
			t = s.result[j]
		}
		sum += float64(s.weight[j]) * crossEntropy(float64(t), sigmoid(float64(s.base[j])/k))
		ws += float64(s.weight[j])
	}
	return sum / max(ws, 1e-9)
}

// split computes every sample's features and target and splits off the
// held-out positions.
func split(v *board.Variant, w *eval.Weights, samples []Sample, k, lambda float64) (train, held *set) {
	train, held = &set{off: []int32{0}}, &set{off: []int32{0}}
	var buf []eval.Feature
	for i := range samples {
		s := &samples[i]
		dst := train
		if heldOut(s) {
			dst = held
		}
		var mg float32
		buf, mg = w.Active(s.White, s.Black, s.Kings, board.Color(s.Side), buf[:0])
		dst.feat = append(dst.feat, buf...)
		dst.off = append(dst.off, int32(len(dst.feat)))
		dst.mg = append(dst.mg, mg)
		r := s.Result()
		dst.result = append(dst.result, float32(r))
		dst.target = append(dst.target, float32(lambda*r+(1-lambda)*sigmoid(float64(s.Score)/k)))
		dst.weight = append(dst.weight, float32(math.Sqrt(float64(max(s.Games(), 1)))))
		p := board.FromBoard64(board.Board64{Pieces: [2]board.Bitboard{board.Bitboard(s.White), board.Bitboard(s.Black)}, Kings: board.Bitboard(s.Kings)}, board.Color(s.Side))
		dst.base = append(dst.base, float32(eval.Evaluate(v, &p)))
	}
	return train, held
}

func heldOut(s *Sample) bool {
	h := s.White*0x9E3779B97F4A7C15 ^ s.Black*0xC2B2AE3D27D4EB4F ^ s.Kings*0x165667B19E3779F9 ^ uint64(s.Side)
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 32
	return h%heldOutEvery == 0
}

// FitScale finds K for which sigmoid(score/K) best predicts the game
// results (least cross-entropy, by golden-section search): the scale that
// turns the score unit into winning chances, for this data's games.
func FitScale(samples []Sample) float64 {
	f := func(k float64) float64 {
		var sum, ws float64
		for i := range samples {
			s := &samples[i]
			g := float64(max(s.Games(), 1))
			sum += g * crossEntropy(s.Result(), sigmoid(float64(s.Score)/k))
			ws += g
		}
		return sum / ws
	}
	lo, hi := 20.0, 2000.0
	const phi = 0.6180339887498949
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := f(a), f(b)
	for range 40 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = f(b)
		}
	}
	return (lo + hi) / 2
}
