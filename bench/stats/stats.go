// Package stats implements the match statistics a draughts engine match
// runner prints: win/draw/loss and pentanomial Elo estimates with 95%
// confidence margins, likelihood of superiority, and a sequential
// probability ratio test (SPRT) in the style of cutechess and fishtest.
//
// All functions are pure and deterministic. Scores are always from the
// first engine's point of view: a win counts 1, a draw 1/2, a loss 0.
//
// Elo is the logistic Elo scale throughout:
//
//	score(elo) = 1 / (1 + 10^(-elo/400))
//	elo(score) = -400 * log10(1/score - 1)
package stats

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// z975 is the two-sided 95% quantile of the standard normal distribution
// (Phi^-1(0.975)), rounded as cutechess prints it.
const z975 = 1.959964

// EloToScore returns the expected score of a player that is elo points
// stronger than its opponent: 1 / (1 + 10^(-elo/400)).
// +Inf maps to 1 and -Inf to 0.
func EloToScore(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// ScoreToElo is the inverse of EloToScore: -400 * log10(1/score - 1).
// A score of 1 (or more) gives +Inf, a score of 0 (or less) gives -Inf;
// NaN gives NaN. It never panics.
func ScoreToElo(score float64) float64 {
	switch {
	case math.IsNaN(score):
		return math.NaN()
	case score >= 1:
		return math.Inf(1)
	case score <= 0:
		return math.Inf(-1)
	}
	return -400 * math.Log10(1/score-1)
}

// meanVar returns the number of samples n, the mean and the (population,
// i.e. divided by n) variance of a discrete distribution where values[i]
// occurs counts[i] times. Non-positive totals give n == 0 and mean = var = 0.
func meanVar(values []float64, counts []int) (n int, mean, variance float64) {
	for _, c := range counts {
		n += c
	}
	if n <= 0 {
		return n, 0, 0
	}
	fn := float64(n)
	for i, c := range counts {
		mean += float64(c) * values[i]
	}
	mean /= fn
	for i, c := range counts {
		d := values[i] - mean
		variance += float64(c) * d * d
	}
	variance /= fn
	if variance < 0 { // cannot happen with non-negative counts; be safe
		variance = 0
	}
	return n, mean, variance
}

// eloWithMargin maps a mean score and its per-sample variance over n samples
// to an Elo difference and the half-width of its 95% confidence interval,
// the way cutechess does: the interval of the mean score,
// mean -/+ 1.959964*sqrt(variance/n), is mapped through ScoreToElo and the
// margin is half the width of the resulting Elo interval.
//
// With no samples the result is (0, +Inf). The Elo is ±Inf when the mean
// score is 1 or 0. The margin is +Inf whenever either end of the score
// interval reaches 0 or 1 (the Elo interval is then unbounded).
func eloWithMargin(n int, mean, variance float64) (elo, margin95 float64) {
	if n <= 0 {
		return 0, math.Inf(1)
	}
	elo = ScoreToElo(mean)
	se := math.Sqrt(variance / float64(n))
	lo := mean - z975*se
	hi := mean + z975*se
	if lo <= 0 || hi >= 1 {
		return elo, math.Inf(1)
	}
	return elo, (ScoreToElo(hi) - ScoreToElo(lo)) / 2
}

// WDL holds the wins, draws and losses of the first engine. Counts are
// expected to be non-negative.
type WDL struct{ W, D, L int }

var wdlValues = []float64{1, 0.5, 0}

func (r WDL) counts() []int { return []int{r.W, r.D, r.L} }

// Games returns W + D + L.
func (r WDL) Games() int { return r.W + r.D + r.L }

// Score returns (W + D/2) / games, or 0.5 when no games were played.
func (r WDL) Score() float64 {
	n := r.Games()
	if n <= 0 {
		return 0.5
	}
	return (float64(r.W) + float64(r.D)/2) / float64(n)
}

// DrawRatio returns D / games, or 0 when no games were played.
func (r WDL) DrawRatio() float64 {
	n := r.Games()
	if n <= 0 {
		return 0
	}
	return float64(r.D) / float64(n)
}

// Elo returns the Elo difference -400*log10(1/score - 1) and the 95%
// confidence half-width computed as cutechess does from the trinomial
// model: with per-game variance
//
//	var = w*(1-score)^2 + d*(0.5-score)^2 + l*(0-score)^2   (w,d,l = ratios)
//
// and stderr = sqrt(var/games), the margin is
// (elo(score+1.959964*stderr) - elo(score-1.959964*stderr)) / 2.
//
// Edge cases (no panics): no games gives (0, +Inf); a score of 1 gives
// elo = +Inf and a score of 0 gives elo = -Inf; the margin is +Inf whenever
// the score interval touches 0 or 1.
func (r WDL) Elo() (elo, margin95 float64) {
	return eloWithMargin(meanVar(wdlValues, r.counts()))
}

// LOS returns the likelihood of superiority of the first engine,
// 0.5 * (1 + erf((W - L) / sqrt(2*(W + L)))), in [0, 1]. Draws are ignored.
// It is 0.5 when W + L == 0.
func (r WDL) LOS() float64 {
	wl := r.W + r.L
	if wl <= 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(r.W-r.L)/math.Sqrt(2*float64(wl))))
}

// Penta holds pentanomial counts: Penta[i] is the number of game pairs
// (same opening, each engine playing both colours) in which the first
// engine scored i/2 points in total, i.e. 0, 0.5, 1, 1.5 or 2.
// Counts are expected to be non-negative.
type Penta [5]int

// pentaValues are the per-pair scores normalised to [0, 1] (pair score / 2).
var pentaValues = []float64{0, 0.25, 0.5, 0.75, 1}

// Pairs returns the number of game pairs.
func (p Penta) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Score returns the mean per-game score, sum(p[i] * i/4) / pairs, or 0.5
// when there are no pairs.
func (p Penta) Score() float64 {
	n, mean, _ := meanVar(pentaValues, p[:])
	if n <= 0 {
		return 0.5
	}
	return mean
}

// Elo returns the Elo difference and 95% confidence half-width like
// WDL.Elo, but using the pentanomial variance: each pair is one sample with
// normalised score i/4, var = sum(f_i * (i/4 - score)^2) (f_i = p[i]/pairs)
// and stderr = sqrt(var/pairs). Edge cases are as for WDL.Elo.
func (p Penta) Elo() (elo, margin95 float64) {
	return eloWithMargin(meanVar(pentaValues, p[:]))
}

// Diff compares two independent samples of game pairs, p and base, each
// from its own first engine's view (say the same engine before and after
// a change, against the same opponent): the Elo of p minus the Elo of
// base, the half-width of the difference's 95% interval, and the
// likelihood that p's engine is the stronger of the two. Each score's
// standard error (pentanomial, as in Elo) is carried to Elo by the slope
// of ScoreToElo at that score, and the two are combined as independent.
//
// Edge cases (no panics): a sample without pairs, or a score of 0 or 1
// in either, gives an infinite margin, and then a LOS of 0.5 unless the
// Elo difference is itself infinite.
func (p Penta) Diff(base Penta) (elo, margin95, los float64) {
	na, ma, va := meanVar(pentaValues, p[:])
	nb, mb, vb := meanVar(pentaValues, base[:])
	if na <= 0 || nb <= 0 {
		return 0, math.Inf(1), 0.5
	}
	elo = ScoreToElo(ma) - ScoreToElo(mb)
	// d elo / d score = 400 / (ln 10 * s * (1-s)).
	slope := func(s float64) float64 { return 400 / (math.Ln10 * s * (1 - s)) }
	if ma <= 0 || ma >= 1 || mb <= 0 || mb >= 1 {
		switch {
		case math.IsInf(elo, 1):
			return elo, math.Inf(1), 1
		case math.IsInf(elo, -1):
			return elo, math.Inf(1), 0
		}
		return elo, math.Inf(1), 0.5
	}
	se := math.Hypot(slope(ma)*math.Sqrt(va/float64(na)), slope(mb)*math.Sqrt(vb/float64(nb)))
	if se == 0 {
		// No spread in either sample: the difference is certain.
		los = 0.5
		if elo != 0 {
			los = math.Max(0, math.Copysign(1, elo))
		}
		return elo, 0, los
	}
	return elo, z975 * se, 0.5 * (1 + math.Erf(elo/(se*math.Sqrt2)))
}

// PairScoreIndex returns the Penta index for a game pair in which the
// first engine scored a in the first game and b in the second game:
// int(2*(a+b)), e.g. (1,1) -> 4, (1,0.5) -> 3, (1,0) and (0.5,0.5) -> 2,
// (0,0) -> 0. It returns -1 if a or b is not one of 0, 0.5, 1.
func PairScoreIndex(a, b float64) int {
	valid := func(x float64) bool { return x == 0 || x == 0.5 || x == 1 }
	if !valid(a) || !valid(b) {
		return -1
	}
	return int(2 * (a + b))
}

// SPRT describes a sequential probability ratio test of H0: elo = Elo0
// against H1: elo = Elo1 (logistic Elo) with type I error Alpha and type II
// error Beta.
type SPRT struct{ Elo0, Elo1, Alpha, Beta float64 }

// ParseSPRT parses a specification such as
// "elo0=0,elo1=5,alpha=0.05,beta=0.05". Fields are comma separated
// key=value pairs in any order; spaces around keys and values are ignored
// and keys are case-insensitive. elo0 and elo1 are required; alpha and
// beta default to 0.05 (the usual choice); no key may appear twice.
// Values must be finite numbers, alpha and beta must lie in (0, 0.5] and
// elo0 must be smaller than elo1.
func ParseSPRT(s string) (SPRT, error) {
	var (
		out  SPRT
		seen = map[string]bool{}
	)
	if strings.TrimSpace(s) == "" {
		return SPRT{}, errors.New("stats: sprt: empty specification, want elo0=..,elo1=..,alpha=..,beta=..")
	}
	for _, field := range strings.Split(s, ",") {
		field = strings.TrimSpace(field)
		if field == "" {
			return SPRT{}, fmt.Errorf("stats: sprt: empty field in %q", s)
		}
		key, val, ok := strings.Cut(field, "=")
		if !ok {
			return SPRT{}, fmt.Errorf("stats: sprt: field %q is not key=value", field)
		}
		key = strings.ToLower(strings.TrimSpace(key))
		val = strings.TrimSpace(val)
		var dst *float64
		switch key {
		case "elo0":
			dst = &out.Elo0
		case "elo1":
			dst = &out.Elo1
		case "alpha":
			dst = &out.Alpha
		case "beta":
			dst = &out.Beta
		default:
			return SPRT{}, fmt.Errorf("stats: sprt: unknown key %q (want elo0, elo1, alpha, beta)", key)
		}
		if seen[key] {
			return SPRT{}, fmt.Errorf("stats: sprt: duplicate key %q", key)
		}
		seen[key] = true
		v, err := strconv.ParseFloat(val, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return SPRT{}, fmt.Errorf("stats: sprt: %s=%q is not a finite number", key, val)
		}
		*dst = v
	}
	if !seen["alpha"] {
		out.Alpha = 0.05
	}
	if !seen["beta"] {
		out.Beta = 0.05
	}
	for _, k := range []string{"elo0", "elo1"} {
		if !seen[k] {
			return SPRT{}, fmt.Errorf("stats: sprt: missing key %q", k)
		}
	}
	if !(out.Alpha > 0 && out.Alpha <= 0.5) {
		return SPRT{}, fmt.Errorf("stats: sprt: alpha=%g outside (0, 0.5]", out.Alpha)
	}
	if !(out.Beta > 0 && out.Beta <= 0.5) {
		return SPRT{}, fmt.Errorf("stats: sprt: beta=%g outside (0, 0.5]", out.Beta)
	}
	if out.Elo0 >= out.Elo1 {
		return SPRT{}, fmt.Errorf("stats: sprt: elo0=%g must be less than elo1=%g", out.Elo0, out.Elo1)
	}
	return out, nil
}

// Bounds returns the SPRT stopping bounds on the log-likelihood ratio:
// lower = log(beta/(1-alpha)), upper = log((1-beta)/alpha).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// llrLogistic is fishtest's LLR_logistic: the generalized (GSPRT)
// log-likelihood ratio for logistic Elo in its normal approximation,
//
//	LLR = N * (s1 - s0) * (2*m - s0 - s1) / (2*v)
//
// where N is the number of samples, m and v the sample mean and
// (population) variance of the per-sample score, s0 = EloToScore(Elo0) and
// s1 = EloToScore(Elo1). Guard: it returns 0 when N == 0 or v == 0 (all
// samples identical, e.g. only wins or only draws), where the
// approximation is undefined; fishtest does the same.
func (s SPRT) llrLogistic(n int, m, v float64) float64 {
	if n <= 0 || v <= 0 {
		return 0
	}
	s0, s1 := EloToScore(s.Elo0), EloToScore(s.Elo1)
	return float64(n) * (s1 - s0) * (2*m - s0 - s1) / (2 * v)
}

// LLR returns the trinomial GSPRT log-likelihood ratio of H1 against H0
// for the game results r, using fishtest's LLR_logistic normal
// approximation with one sample per game (scores 1, 0.5, 0):
//
//	LLR = N * (s1 - s0) * (2*m - s0 - s1) / (2*v)
//
// with N = games, m = score, v = per-game variance, s0 = EloToScore(Elo0),
// s1 = EloToScore(Elo1). It returns 0 when there are no games or the
// variance is 0 (all games have the same result).
func (s SPRT) LLR(r WDL) float64 {
	return s.llrLogistic(meanVar(wdlValues, r.counts()))
}

// LLRPenta is LLR for pentanomial data, as fishtest computes it: each game
// pair is one sample with normalised score i/4 (pair score / 2), so N is the
// number of pairs and m, v the mean and variance of the normalised pair
// score. It returns 0 when there are no pairs or the variance is 0.
func (s SPRT) LLRPenta(p Penta) float64 {
	return s.llrLogistic(meanVar(pentaValues, p[:]))
}

// MinPairs is the fewest game pairs on which DecidePenta stops a test.
// The LLR's normal approximation divides by the sample variance, which a
// handful of pairs badly underestimates: 5 pairs of [0 3 2 0 0] (1-5-4,
// -107 Elo) gave an LLR of -4.4 and "H0 accepted" after 10 games, and
// 9 pairs of [0 0 4 4 1] "H1 accepted" after 18; 20 pairs give the
// variance a chance to show.
const MinPairs = 20

// DecidePenta is the LLR of the pairs p (LLRPenta) and the decision it
// supports: Continue while there are fewer than MinPairs pairs.
func (s SPRT) DecidePenta(p Penta) (float64, Decision) {
	llr := s.LLRPenta(p)
	if p.Pairs() < MinPairs {
		return llr, Continue
	}
	return llr, s.Decide(llr)
}

// Decision is the outcome of an SPRT step.
type Decision int

const (
	// Continue means the LLR lies strictly between the bounds.
	Continue Decision = iota
	// AcceptH0 means the LLR reached the lower bound (elo = Elo0 accepted).
	AcceptH0
	// AcceptH1 means the LLR reached the upper bound (elo = Elo1 accepted).
	AcceptH1
)

// String returns "continue", "H0 accepted" or "H1 accepted".
func (d Decision) String() string {
	switch d {
	case Continue:
		return "continue"
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "Decision(" + strconv.Itoa(int(d)) + ")"
}

// Decide compares llr with Bounds: AcceptH1 if llr >= upper, AcceptH0 if
// llr <= lower, Continue otherwise (including NaN).
func (s SPRT) Decide(llr float64) Decision {
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}
