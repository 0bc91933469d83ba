package main

// defaultArgs is what plain "damka" runs: the perft of the International
// start position, the engine's self-check.
func defaultArgs() []string {
	return []string{"perft", "--variant", "international", "--depth", "9"}
}
