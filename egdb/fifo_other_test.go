//go:build !unix

package egdb

import "errors"

func mkfifo(string) error { return errors.New("no FIFOs") }
