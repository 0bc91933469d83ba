package egdb

import (
	"sync"
	"sync/atomic"
)

// The cache of decoded blocks is shared by every table of a DB and every
// probing goroutine. A hit takes no lock and no allocation: each table
// keeps an atomic pointer per block, set while the block is cached, and a
// hit only reads through it and marks the block as recently used.
// Replacement is CLOCK (second chance), the usual lock-free-read
// approximation of LRU: a miss decodes into a fresh buffer outside any
// lock, then, under the cache's lock, the clock hand passes over the
// cached blocks, clearing their "used" marks, and evicts the first one
// found unmarked. An evicted buffer is never reused (a reader may still
// hold it); the garbage collector frees it, so only misses allocate.
type cache struct {
	mu    sync.Mutex
	ring  []*cblock // cached blocks in clock order
	hand  int
	limit int // most blocks cached
}

// cblock is one decoded block.
type cblock struct {
	data  []byte
	used  atomic.Bool
	owner *table
	block uint32
}

// newCache makes a cache of about bytes bytes of decoded blocks of
// blockBytes each (at least 4 blocks).
func newCache(bytes int64, blockBytes int) *cache {
	return &cache{limit: int(max(bytes/int64(blockBytes), 4))}
}

// get returns byte off of the decoded block b of t, decoding it on a miss;
// hit tells which happened.
func (c *cache) get(t *table, b uint32, off int) (v byte, hit bool, err error) {
	if cb := t.cached[b].Load(); cb != nil {
		if !cb.used.Load() {
			cb.used.Store(true)
		}
		return cb.data[off], true, nil
	}
	data, err := t.decode(b)
	if err != nil {
		return 0, false, err
	}
	if off >= len(data) {
		return 0, false, corruptf("%s: block %d decodes to %d bytes, needed %d", t.name, b, len(data), off+1)
	}
	cb := &cblock{data: data, owner: t, block: b}
	cb.used.Store(true)
	c.insert(cb)
	return data[off], false, nil
}

// insert adds a decoded block unless another goroutine was faster.
func (c *cache) insert(cb *cblock) {
	c.mu.Lock()
	defer c.mu.Unlock()
	slot := &cb.owner.cached[cb.block]
	if slot.Load() != nil {
		return
	}
	if len(c.ring) < c.limit {
		c.ring = append(c.ring, cb)
		slot.Store(cb)
		return
	}
	for {
		old := c.ring[c.hand]
		if old.used.Load() {
			old.used.Store(false)
			c.hand = (c.hand + 1) % len(c.ring)
			continue
		}
		old.owner.cached[old.block].Store(nil)
		c.ring[c.hand] = cb
		c.hand = (c.hand + 1) % len(c.ring)
		slot.Store(cb)
		return
	}
}

// drop forgets the blocks of t (closing or replacing it).
func (c *cache) drop(t *table) {
	c.mu.Lock()
	defer c.mu.Unlock()
	keep := c.ring[:0]
	for _, cb := range c.ring {
		if cb.owner != t {
			keep = append(keep, cb)
		} else {
			t.cached[cb.block].Store(nil)
		}
	}
	clear(c.ring[len(keep):])
	c.ring = keep
	if c.hand >= len(c.ring) {
		c.hand = 0
	}
}
