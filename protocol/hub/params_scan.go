package hub

// Scan's parameter names. lidraughts-bot's default configuration (and so
// every bot set up from it) sends Scan's set-param names, and its engine
// wrapper adds initial-time; draughtsnet sends book-ply and book-margin.
// damka must take the place of Scan in such a configuration unchanged, so
// these names are accepted without a word. They are not declared by hub:
// each one either maps onto a damka parameter that hub declares under its
// own name, or means nothing for damka. Names that Scan and damka share
// (variant, book, book-margin, ponder, threads) are in params.

import (
	"fmt"
	"strconv"
)

// Scan's tt-size is log2 of the number of table entries (16 to 30). Both
// engines' entries are 16 bytes (two 64-bit words, package tt), so 2^n
// entries take 2^(n-16) MB.
const (
	minTTSize    = 16
	maxTTSize    = 30
	ttEntryShift = 4 // log2 of the bytes of one entry
)

// scanParams are set by set-param and --name=value like params, but not
// declared.
var scanParams = []param{
	{name: "tt-size", set: func(s *Session, value string) error {
		n, err := strconv.Atoi(value)
		if err != nil || n < minTTSize || n > maxTTSize {
			return fmt.Errorf("tt-size (log2 of the table entries) must be an integer from %d to %d, not %s", minTTSize, maxTTSize, quoteValue(value))
		}
		mb := min(1<<(n+ttEntryShift-20), maxHashMB)
		return s.setInt(&s.engineOpts.HashMB, "hash", strconv.Itoa(mb), 1, maxHashMB)
	}},
	// book-ply is the ply up to which Scan plays any book move within
	// book-margin (later, only the best). damka applies book-margin at every
	// ply of its book, so there is nothing to set.
	{name: "book-ply", set: ignoreValue},
	// bb-size is the largest bitbase Scan loads. lidraughts-bot's "auto"
	// derives it from Scan's own data folders, which a damka installation
	// does not have, so the bot sends 0 ("none") for damka: obeying it
	// would switch damka's tables off. The tables are set with egdb and
	// egdb-path.
	{name: "bb-size", set: ignoreValue},
	// initial-time is the game's starting clock, which lidraughts-bot adds
	// for engines that want it; damka takes its time from level.
	{name: "initial-time", set: ignoreValue},
	// Scan's DXP settings (scan.ini): damka's DXP is set on its command line.
	{name: "dxp-server", set: ignoreValue},
	{name: "dxp-host", set: ignoreValue},
	{name: "dxp-port", set: ignoreValue},
	{name: "dxp-initiator", set: ignoreValue},
	{name: "dxp-time", set: ignoreValue},
	{name: "dxp-moves", set: ignoreValue},
	{name: "dxp-board", set: ignoreValue},
	{name: "dxp-search", set: ignoreValue},
}

func ignoreValue(*Session, string) error { return nil }
