package stats

import (
	"math"
	"strings"
	"testing"
)

// ---- independent reference implementation (straightforward, per sample) ----

// refElo is 400*log10(s/(1-s)), algebraically equal to -400*log10(1/s-1).
func refElo(s float64) float64 { return 400 * math.Log10(s/(1-s)) }

// refMeanVar expands the samples and uses var = E[x^2] - E[x]^2.
func refMeanVar(samples []float64) (n, mean, variance float64) {
	var sum, sum2 float64
	for _, x := range samples {
		sum += x
		sum2 += x * x
	}
	n = float64(len(samples))
	mean = sum / n
	variance = sum2/n - mean*mean
	return
}

func expandWDL(r WDL) []float64 {
	var out []float64
	for i := 0; i < r.W; i++ {
		out = append(out, 1)
	}
	for i := 0; i < r.D; i++ {
		out = append(out, 0.5)
	}
	for i := 0; i < r.L; i++ {
		out = append(out, 0)
	}
	return out
}

func expandPenta(p Penta) []float64 {
	var out []float64
	for i, c := range p {
		for j := 0; j < c; j++ {
			out = append(out, float64(i)/4)
		}
	}
	return out
}

func refEloMargin(samples []float64) (elo, margin float64) {
	n, m, v := refMeanVar(samples)
	se := math.Sqrt(v / n)
	return refElo(m), (refElo(m+1.959964*se) - refElo(m-1.959964*se)) / 2
}

func refLLR(s SPRT, samples []float64) float64 {
	n, m, v := refMeanVar(samples)
	s0 := 1 / (1 + math.Pow(10, -s.Elo0/400))
	s1 := 1 / (1 + math.Pow(10, -s.Elo1/400))
	return n * (s1 - s0) * (2*m - s0 - s1) / (2 * v)
}

func near(got, want, tol float64) bool {
	if math.IsInf(want, 0) || math.IsNaN(want) {
		return got == want || (math.IsNaN(got) && math.IsNaN(want))
	}
	return math.Abs(got-want) <= tol
}

func relNear(got, want, rel float64) bool {
	return math.Abs(got-want) <= rel*math.Max(math.Abs(want), 1e-300)
}

// ---- tests ----

func TestEloScoreConversion(t *testing.T) {
	tests := []struct {
		score, elo, tol float64
	}{
		{0.5, 0, 1e-12},
		{0.75, 400 * math.Log10(3), 1e-9},
		{0.75, 190.85, 0.005},
		{0.64, 99.95, 0.005},
		{0.25, -400 * math.Log10(3), 1e-9},
		{1, math.Inf(1), 0},
		{0, math.Inf(-1), 0},
		{1.5, math.Inf(1), 0},
		{-0.1, math.Inf(-1), 0},
	}
	for _, tc := range tests {
		if got := ScoreToElo(tc.score); !near(got, tc.elo, tc.tol) {
			t.Errorf("ScoreToElo(%v) = %v, want %v", tc.score, got, tc.elo)
		}
		if tc.score > 0 && tc.score < 1 {
			if got := EloToScore(tc.elo); !near(got, tc.score, 1e-4) {
				t.Errorf("EloToScore(%v) = %v, want %v", tc.elo, got, tc.score)
			}
		}
	}
	if !math.IsNaN(ScoreToElo(math.NaN())) {
		t.Error("ScoreToElo(NaN) should be NaN")
	}
	if EloToScore(math.Inf(1)) != 1 || EloToScore(math.Inf(-1)) != 0 {
		t.Error("EloToScore(±Inf) should be 1/0")
	}
	for _, e := range []float64{-800, -100, -5, 0, 3.3, 100, 700} {
		if got := ScoreToElo(EloToScore(e)); !near(got, e, 1e-9) {
			t.Errorf("round trip %v -> %v", e, got)
		}
	}
}

func TestWDLBasics(t *testing.T) {
	tests := []struct {
		r                WDL
		games            int
		score, drawRatio float64
	}{
		{WDL{}, 0, 0.5, 0},
		{WDL{1, 0, 0}, 1, 1, 0},
		{WDL{0, 4, 0}, 4, 0.5, 1},
		{WDL{3, 2, 5}, 10, 0.4, 0.2},
		{WDL{1000, 2000, 900}, 3900, 2000.0 / 3900, 2000.0 / 3900},
	}
	for _, tc := range tests {
		if g := tc.r.Games(); g != tc.games {
			t.Errorf("%+v.Games() = %d, want %d", tc.r, g, tc.games)
		}
		if s := tc.r.Score(); !near(s, tc.score, 1e-15) {
			t.Errorf("%+v.Score() = %v, want %v", tc.r, s, tc.score)
		}
		if d := tc.r.DrawRatio(); !near(d, tc.drawRatio, 1e-15) {
			t.Errorf("%+v.DrawRatio() = %v, want %v", tc.r, d, tc.drawRatio)
		}
	}
}

func TestWDLElo(t *testing.T) {
	// Fixed values computed independently (Python, same cutechess formulas).
	fixed := []struct {
		r           WDL
		elo, margin float64
	}{
		{WDL{1000, 2000, 900}, 8.91055788446086, 7.611961536572402},
		{WDL{120, 250, 80}, 30.96488932351121, 21.40606929432193},
	}
	for _, tc := range fixed {
		e, m := tc.r.Elo()
		if !near(e, tc.elo, 1e-9) || !near(m, tc.margin, 1e-9) {
			t.Errorf("%+v.Elo() = %v ± %v, want %v ± %v", tc.r, e, m, tc.elo, tc.margin)
		}
	}
	// Cross-check against the per-game reference implementation.
	for _, r := range []WDL{{1, 1, 1}, {10, 5, 3}, {3, 20, 7}, {55, 310, 61}, {400, 100, 250}, {5, 0, 5}} {
		e, m := r.Elo()
		we, wm := refEloMargin(expandWDL(r))
		if !near(e, we, 1e-9) || !near(m, wm, 1e-9) {
			t.Errorf("%+v.Elo() = %v ± %v, reference %v ± %v", r, e, m, we, wm)
		}
		if m <= 0 {
			t.Errorf("%+v margin %v should be positive", r, m)
		}
	}
	// Edge cases: documented ±Inf, no panics.
	edges := []struct {
		r           WDL
		elo, margin float64
	}{
		{WDL{100, 0, 0}, math.Inf(1), math.Inf(1)},
		{WDL{0, 0, 100}, math.Inf(-1), math.Inf(1)},
		{WDL{}, 0, math.Inf(1)},
		{WDL{0, 7, 0}, 0, 0},                             // all draws: zero variance, zero margin
		{WDL{2, 1, 0}, ScoreToElo(2.5 / 3), math.Inf(1)}, // interval exceeds 1
	}
	for _, tc := range edges {
		e, m := tc.r.Elo()
		if !near(e, tc.elo, 1e-9) || !near(m, tc.margin, 1e-12) {
			t.Errorf("%+v.Elo() = %v ± %v, want %v ± %v", tc.r, e, m, tc.elo, tc.margin)
		}
	}
}

func TestLOS(t *testing.T) {
	tests := []struct {
		r    WDL
		want float64
		tol  float64
	}{
		{WDL{}, 0.5, 0},
		{WDL{0, 50, 0}, 0.5, 0},
		{WDL{7, 3, 7}, 0.5, 1e-15},
		{WDL{10, 0, 0}, 0.9992172988709987, 1e-12}, // 0.5*(1+erf(10/sqrt(20)))
		{WDL{0, 0, 10}, 1 - 0.9992172988709987, 1e-12},
		{WDL{60, 100, 40}, 0.5 * (1 + math.Erf(20/math.Sqrt(200))), 1e-15},
	}
	for _, tc := range tests {
		if got := tc.r.LOS(); !near(got, tc.want, tc.tol) {
			t.Errorf("%+v.LOS() = %v, want %v", tc.r, got, tc.want)
		}
	}
	if (WDL{10, 0, 0}).LOS() <= 0.99 {
		t.Error("LOS(10-0) should exceed 0.99")
	}
}

func TestPairScoreIndex(t *testing.T) {
	tests := []struct {
		a, b float64
		want int
	}{
		{1, 1, 4}, {0.5, 0.5, 2}, {1, 0, 2}, {0, 1, 2}, {0, 0, 0},
		{1, 0.5, 3}, {0.5, 1, 3}, {0, 0.5, 1}, {0.5, 0, 1},
		{0.25, 1, -1}, {1, 2, -1}, {-1, 0, -1}, {math.NaN(), 0, -1},
	}
	for _, tc := range tests {
		if got := PairScoreIndex(tc.a, tc.b); got != tc.want {
			t.Errorf("PairScoreIndex(%v, %v) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestPenta(t *testing.T) {
	p := Penta{10, 50, 200, 60, 15}
	// pairs = 335; mean = 69/134; E[x^2] = 163/536; var = 1399/35912.
	if p.Pairs() != 335 {
		t.Errorf("Pairs() = %d", p.Pairs())
	}
	if s := p.Score(); !near(s, 69.0/134, 1e-15) {
		t.Errorf("Score() = %v, want %v", s, 69.0/134)
	}
	e, m := p.Elo()
	if !near(e, 10.374293637759944, 1e-9) || !near(m, 14.708427205811025, 1e-9) {
		t.Errorf("Elo() = %v ± %v", e, m)
	}
	for _, q := range []Penta{{1, 2, 3, 4, 5}, {0, 10, 30, 12, 0}, {3, 0, 0, 0, 4}, {2, 5, 40, 9, 1}} {
		e, m := q.Elo()
		we, wm := refEloMargin(expandPenta(q))
		if !near(e, we, 1e-9) || !near(m, wm, 1e-9) {
			t.Errorf("%v.Elo() = %v ± %v, reference %v ± %v", q, e, m, we, wm)
		}
		n, mean, _ := refMeanVar(expandPenta(q))
		if q.Pairs() != int(n) || !near(q.Score(), mean, 1e-12) {
			t.Errorf("%v: Pairs/Score = %d/%v, want %v/%v", q, q.Pairs(), q.Score(), n, mean)
		}
	}
	// Edge cases.
	if s := (Penta{}).Score(); s != 0.5 {
		t.Errorf("empty Score() = %v", s)
	}
	if e, m := (Penta{}).Elo(); e != 0 || !math.IsInf(m, 1) {
		t.Errorf("empty Elo() = %v ± %v", e, m)
	}
	if e, m := (Penta{0, 0, 0, 0, 9}).Elo(); !math.IsInf(e, 1) || !math.IsInf(m, 1) {
		t.Errorf("all 2-0 Elo() = %v ± %v", e, m)
	}
	// Pentanomial score equals the trinomial score of the same games:
	// pairs (1,1),(1,0.5),(0.5,0),(0,0) -> W=3, D=2, L=3.
	q := Penta{}
	for _, g := range [][2]float64{{1, 1}, {1, 0.5}, {0.5, 0}, {0, 0}} {
		q[PairScoreIndex(g[0], g[1])]++
	}
	if !near(q.Score(), (WDL{3, 2, 3}).Score(), 1e-15) {
		t.Errorf("penta score %v != wdl score %v", q.Score(), (WDL{3, 2, 3}).Score())
	}
}

func TestParseSPRT(t *testing.T) {
	ok := []struct {
		in   string
		want SPRT
	}{
		{"elo0=0,elo1=5,alpha=0.05,beta=0.05", SPRT{0, 5, 0.05, 0.05}},
		{" beta = 0.1 , alpha=0.5, ELO1=2.5, elo0=-1.5 ", SPRT{-1.5, 2.5, 0.5, 0.1}},
		{"elo0=-3,elo1=1,alpha=1e-3,beta=0.2", SPRT{-3, 1, 0.001, 0.2}},
		// alpha and beta default to 0.05.
		{"elo0=0,elo1=50", SPRT{0, 50, 0.05, 0.05}},
		{"elo0=0,elo1=5,alpha=0.1", SPRT{0, 5, 0.1, 0.05}},
	}
	for _, tc := range ok {
		got, err := ParseSPRT(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseSPRT(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
	bad := []struct {
		in, errPart string
	}{
		{"", "empty"},
		{"   ", "empty"},
		{"elo0=0,alpha=0.05", `missing key "elo1"`},
		{"elo1=5,alpha=0.05,beta=0.05", `missing key "elo0"`},
		{"elo0=0,elo1=5,alpha=0.05,beta=0.05,gamma=1", `unknown key "gamma"`},
		{"elo0=0,elo1=five,alpha=0.05,beta=0.05", "not a finite number"},
		{"elo0=0,elo1=5,alpha=,beta=0.05", "not a finite number"},
		{"elo0=NaN,elo1=5,alpha=0.05,beta=0.05", "not a finite number"},
		{"elo0=0,elo1=Inf,alpha=0.05,beta=0.05", "not a finite number"},
		{"elo0=0,elo1=5,alpha=0.05,beta", "not key=value"},
		{"elo0=0,,elo1=5,alpha=0.05,beta=0.05", "empty field"},
		{"elo0=0,elo0=1,elo1=5,alpha=0.05,beta=0.05", `duplicate key "elo0"`},
		{"elo0=0,elo1=5,alpha=0,beta=0.05", "alpha"},
		{"elo0=0,elo1=5,alpha=0.6,beta=0.05", "alpha"},
		{"elo0=0,elo1=5,alpha=-0.05,beta=0.05", "alpha"},
		{"elo0=0,elo1=5,alpha=0.05,beta=0", "beta"},
		{"elo0=0,elo1=5,alpha=0.05,beta=0.51", "beta"},
		{"elo0=5,elo1=5,alpha=0.05,beta=0.05", "less than"},
		{"elo0=5,elo1=0,alpha=0.05,beta=0.05", "less than"},
	}
	for _, tc := range bad {
		got, err := ParseSPRT(tc.in)
		if err == nil {
			t.Errorf("ParseSPRT(%q) = %+v, want error", tc.in, got)
			continue
		}
		if !strings.Contains(err.Error(), tc.errPart) {
			t.Errorf("ParseSPRT(%q) error %q, want it to contain %q", tc.in, err, tc.errPart)
		}
		if got != (SPRT{}) {
			t.Errorf("ParseSPRT(%q) returned non-zero SPRT %+v with error", tc.in, got)
		}
	}
}

func TestBoundsAndDecide(t *testing.T) {
	s := SPRT{0, 5, 0.05, 0.05}
	lo, hi := s.Bounds()
	if !near(lo, -2.944439, 1e-6) || !near(hi, 2.944439, 1e-6) {
		t.Errorf("Bounds() = %v, %v", lo, hi)
	}
	s2 := SPRT{0, 5, 0.1, 0.2} // log(0.2/0.9), log(0.8/0.1)
	lo, hi = s2.Bounds()
	if !near(lo, math.Log(2.0/9), 1e-12) || !near(hi, math.Log(8), 1e-12) {
		t.Errorf("Bounds() = %v, %v", lo, hi)
	}
	tests := []struct {
		llr  float64
		want Decision
	}{
		{0, Continue}, {2.9, Continue}, {-2.9, Continue},
		{2.95, AcceptH1}, {math.Log(19), AcceptH1}, {100, AcceptH1},
		{-2.95, AcceptH0}, {math.Log(0.05 / 0.95), AcceptH0}, {-100, AcceptH0},
		{math.NaN(), Continue},
	}
	for _, tc := range tests {
		if got := s.Decide(tc.llr); got != tc.want {
			t.Errorf("Decide(%v) = %v, want %v", tc.llr, got, tc.want)
		}
	}
	names := map[Decision]string{Continue: "continue", AcceptH0: "H0 accepted", AcceptH1: "H1 accepted", 7: "Decision(7)"}
	for d, want := range names {
		if d.String() != want {
			t.Errorf("%d.String() = %q, want %q", int(d), d.String(), want)
		}
	}
}

func TestLLR(t *testing.T) {
	s := SPRT{0, 5, 0.05, 0.05}

	// Hand computation for W=1000, D=2000, L=900:
	//   N    = 3900
	//   m    = (1000 + 1000)/3900          = 20/39  = 0.512820512820...
	//   E x² = (1000 + 2000/4)/3900        = 5/13   = 0.384615384615...
	//   v    = 5/13 - (20/39)² = 185/1521           = 0.121630506245891
	//   s0   = 0.5, s1 = 1/(1+10^(-5/400))          = 0.507195081709051
	//   LLR  = N (s1-s0)(2m - s0 - s1)/(2v)         = 2.12778974519359
	m := 20.0 / 39
	v := 185.0 / 1521
	s1 := 1 / (1 + math.Pow(10, -5.0/400))
	hand := 3900 * (s1 - 0.5) * (2*m - 0.5 - s1) / (2 * v)
	if !relNear(hand, 2.1277897451935948, 1e-12) {
		t.Fatalf("hand computation %v disagrees with the comment", hand)
	}
	if got := s.LLR(WDL{1000, 2000, 900}); !relNear(got, hand, 1e-9) {
		t.Errorf("LLR(1000,2000,900) = %.15g, want %.15g", got, hand)
	}

	// Cross-check with the per-game reference on several inputs.
	sprts := []SPRT{{0, 5, 0.05, 0.05}, {-3, 1, 0.05, 0.05}, {0, 2, 0.05, 0.1}}
	for _, sp := range sprts {
		for _, r := range []WDL{{1, 1, 1}, {10, 5, 3}, {3, 20, 7}, {55, 310, 61}, {400, 100, 250}, {2, 0, 1}} {
			if got, want := sp.LLR(r), refLLR(sp, expandWDL(r)); !relNear(got, want, 1e-9) {
				t.Errorf("%+v.LLR(%+v) = %v, reference %v", sp, r, got, want)
			}
		}
	}

	// Guards: no games or zero variance -> 0.
	for _, r := range []WDL{{}, {5, 0, 0}, {0, 5, 0}, {0, 0, 5}} {
		if got := s.LLR(r); got != 0 {
			t.Errorf("LLR(%+v) = %v, want 0", r, got)
		}
	}

	// Sign: clearly winning accepts H1, clearly equal accepts H0.
	if d := s.Decide(s.LLR(WDL{3000, 4000, 2000})); d != AcceptH1 {
		t.Errorf("strong result: %v", d)
	}
	if d := s.Decide(s.LLR(WDL{15000, 20000, 15000})); d != AcceptH0 {
		t.Errorf("equal result: %v", d)
	}
}

func TestLLRPenta(t *testing.T) {
	s := SPRT{0, 5, 0.05, 0.05}
	// Penta{10,50,200,60,15}: N = 335 pairs, m = 69/134, v = 1399/35912,
	// LLR = N (s1-s0)(2m - s0 - s1)/(2v) = 0.700888969888139.
	p := Penta{10, 50, 200, 60, 15}
	m := 69.0 / 134
	v := 1399.0 / 35912
	s1 := 1 / (1 + math.Pow(10, -5.0/400))
	hand := 335 * (s1 - 0.5) * (2*m - 0.5 - s1) / (2 * v)
	if !relNear(hand, 0.7008889698881393, 1e-12) {
		t.Fatalf("hand computation %v disagrees with the comment", hand)
	}
	if got := s.LLRPenta(p); !relNear(got, hand, 1e-9) {
		t.Errorf("LLRPenta(%v) = %.15g, want %.15g", p, got, hand)
	}
	for _, q := range []Penta{{1, 2, 3, 4, 5}, {0, 10, 30, 12, 0}, {3, 0, 0, 0, 4}, {2, 5, 40, 9, 1}} {
		for _, sp := range []SPRT{{0, 5, 0.05, 0.05}, {-3, 1, 0.05, 0.05}} {
			if got, want := sp.LLRPenta(q), refLLR(sp, expandPenta(q)); !relNear(got, want, 1e-9) {
				t.Errorf("%+v.LLRPenta(%v) = %v, reference %v", sp, q, got, want)
			}
		}
	}
	for _, q := range []Penta{{}, {0, 0, 9, 0, 0}, {4, 0, 0, 0, 0}} {
		if got := s.LLRPenta(q); got != 0 {
			t.Errorf("LLRPenta(%v) = %v, want 0", q, got)
		}
	}
}

// A few pairs decide nothing however far the LLR strays; from MinPairs on
// the bounds decide.
func TestDecidePentaWaitsForPairs(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	few := Penta{0, 3, 2, 0, 0}
	llr, d := s.DecidePenta(few)
	if d != Continue || llr > -2.95 {
		t.Fatalf("5 pairs %v: LLR %.2f, %v; want an LLR beyond the lower bound and continue", few, llr, d)
	}
	many := Penta{0, 12, 8, 0, 0}
	if _, d := s.DecidePenta(many); d != AcceptH0 {
		t.Fatalf("%d pairs %v: %v, want H0 accepted", many.Pairs(), many, d)
	}
	good := Penta{0, 0, 8, 8, 4}
	if _, d := s.DecidePenta(good); d != AcceptH1 {
		t.Fatalf("%d pairs %v: %v, want H1 accepted", good.Pairs(), good, d)
	}
}

// TestPentaDiff checks the difference of two samples against a reference
// built from the expanded samples with a numerical slope, and its
// symmetries and edge cases.
func TestPentaDiff(t *testing.T) {
	ref := func(a, b Penta) (elo, margin, los float64) {
		na, ma, va := refMeanVar(expandPenta(a))
		nb, mb, vb := refMeanVar(expandPenta(b))
		const h = 1e-6
		slope := func(m float64) float64 { return (refElo(m+h) - refElo(m-h)) / (2 * h) }
		se := math.Sqrt(slope(ma)*slope(ma)*va/na + slope(mb)*slope(mb)*vb/nb)
		elo = refElo(ma) - refElo(mb)
		return elo, 1.959964 * se, 0.5 * (1 + math.Erf(elo/se/math.Sqrt2))
	}
	for _, tc := range [][2]Penta{
		{{6, 19, 33, 2, 0}, {11, 27, 20, 2, 0}},
		{{1, 5, 40, 9, 2}, {3, 8, 30, 6, 1}},
		{{0, 10, 80, 10, 0}, {0, 10, 80, 10, 0}},
	} {
		elo, m, los := tc[0].Diff(tc[1])
		we, wm, wl := ref(tc[0], tc[1])
		if !near(elo, we, 1e-9) || !relNear(m, wm, 1e-5) || !near(los, wl, 1e-6) {
			t.Errorf("%v.Diff(%v) = %.4f +/- %.4f, LOS %.5f; want %.4f +/- %.4f, LOS %.5f", tc[0], tc[1], elo, m, los, we, wm, wl)
		}
		be, bm, bl := tc[1].Diff(tc[0])
		if !near(be, -elo, 1e-9) || !near(bm, m, 1e-9) || !near(bl, 1-los, 1e-9) {
			t.Errorf("swapped: %.4f +/- %.4f, LOS %.5f", be, bm, bl)
		}
	}
	// Issue 13's two 120-game samples against Scan: +58 Elo, about +/- 52.
	if elo, m, los := (Penta{6, 19, 33, 2, 0}).Diff(Penta{11, 27, 20, 2, 0}); elo < 55 || elo > 61 || m < 45 || m > 60 || los < 0.97 || los > 0.995 {
		t.Errorf("issue 13 samples: %.1f +/- %.1f, LOS %.3f", elo, m, los)
	}
	for _, tc := range []struct {
		a, b      Penta
		elo, los  float64
		finiteMar bool
	}{
		{Penta{}, Penta{1, 2, 3, 0, 0}, 0, 0.5, false},
		{Penta{0, 0, 0, 0, 3}, Penta{1, 2, 3, 0, 0}, math.Inf(1), 1, false},
		{Penta{3, 0, 0, 0, 0}, Penta{1, 2, 3, 0, 0}, math.Inf(-1), 0, false},
		{Penta{0, 0, 5, 0, 0}, Penta{0, 0, 5, 0, 0}, 0, 0.5, true},
	} {
		elo, m, los := tc.a.Diff(tc.b)
		if !near(elo, tc.elo, 1e-9) || los != tc.los || math.IsInf(m, 1) == tc.finiteMar {
			t.Errorf("%v.Diff(%v) = %v +/- %v, LOS %v", tc.a, tc.b, elo, m, los)
		}
	}
}
