package engine

import "fmt"

// FormatScore writes a score for people, in the Hub scale: men with sign
// and two decimals ("+0.23"), forced results as "win in N" or "loss in N"
// with N in moves of the winning side (plies+1)/2.
func FormatScore(s int) string {
	switch {
	case s >= WinBound:
		return fmt.Sprintf("win in %d", (WinScore-s+1)/2)
	case s <= -WinBound:
		return fmt.Sprintf("loss in %d", (WinScore+s+1)/2)
	}
	return fmt.Sprintf("%+.2f", float64(s)/100)
}
