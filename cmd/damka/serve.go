package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"damka/board"
	"damka/egdb"
	"damka/engine"
	"damka/internal/web"
)

func init() {
	register(command{"serve", "play and analyse in the browser: a local web board for every variant", serveCmd})
}

func serveCmd(args []string) error {
	fs := newFlags("serve")
	listen := fs.String("listen", "127.0.0.1:8080", "address to listen on (loopback unless --allow-remote)")
	remote := fs.Bool("allow-remote", false, "allow a --listen address that other machines can reach")
	threads := threadsFlag(fs, 1)
	hash := hashFlag(fs, 32)
	games := fs.Int("games", 4, "engines held at once, each with its own --hash table; a tab whose engine went to another keeps its game and gets one back when it needs it")
	tables := tableFlags(fs)
	books := bookFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	for _, err := range []error{checkThreads(*threads), checkHash(*hash)} {
		if err != nil {
			return err
		}
	}
	if *games < 1 || *games > 64 {
		return usagef("--games must be from 1 to 64, not %d", *games)
	}
	if err := checkListen(*listen, *remote); err != nil {
		return err
	}
	opts := engine.Options{Threads: *threads, HashMB: *hash}
	if err := tables(&opts); err != nil {
		return err
	}
	if err := books(&opts); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	srv := web.New(web.Config{Engine: opts, MaxSessions: *games, LoopbackOnly: !*remote, Tables: serveTables(opts.EGDBPath, opts.EGDBCacheMB)})
	defer srv.Close()
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Printf("damka serve: open http://%s/ in a browser (Ctrl-C stops)\n", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = hs.Shutdown(shut)
	}()
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// checkListen refuses an address that other machines can reach unless
// allowRemote: the server plays and analyses for whoever connects, and has
// no login.
func checkListen(addr string, allowRemote bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return usagef("--listen %q: %v (want host:port, e.g. 127.0.0.1:8080)", addr, err)
	}
	if allowRemote {
		return nil
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return usagef("--listen %q is not a loopback address: other machines could use this server; add --allow-remote to mean it", addr)
}

// serveTables opens the tables the page's verdict reads: those built in,
// with dir's over them (the same the engine plays with).
func serveTables(dir string, cacheMB int) func(v *board.Variant) (*egdb.DB, error) {
	return func(v *board.Variant) (*egdb.DB, error) {
		return egdb.OpenLayered(dir, v, egdb.Options{CacheBytes: int64(cacheMB) << 20})
	}
}
