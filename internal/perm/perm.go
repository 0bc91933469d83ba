// Package perm gives the mode of files that damka writes for others to
// read (endgame tables, books).
package perm

import "os"

// Public is rw-r--r-- less the process's umask: what os.Create would give.
// Files written through os.CreateTemp (0600, so that a half-written file
// is private until renamed into place) are set to it before the rename,
// so that other accounts can read finished tables and books.
var Public = os.FileMode(0o644) &^ umask()
