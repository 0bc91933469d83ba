package train

import (
	"fmt"
	"strconv"
	"strings"
)

// shardMark starts the part of a shard's header Meta that names the shard;
// the rest of Meta is the command of the whole run.
const shardMark = " --shard "

func shardMeta(shard, shards int) string {
	return fmt.Sprintf("%s%d/%d", shardMark, shard, shards)
}

// ParseShard reads "I/N": shard I (0-based) of N.
func ParseShard(s string) (shard, shards int, err error) {
	a, b, ok := strings.Cut(s, "/")
	shard, err1 := strconv.Atoi(a)
	shards, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || shards < 1 || shard < 0 || shard >= shards {
		return 0, 0, fmt.Errorf("want I/N with 0 <= I < N (shard I of N), not %q", s)
	}
	return shard, shards, nil
}

// splitShardMeta splits a shard's Meta into the whole run's and the shard.
func splitShardMeta(meta string) (run string, shard, shards int, ok bool) {
	i := strings.LastIndex(meta, shardMark)
	if i < 0 {
		return meta, 0, 0, false
	}
	shard, shards, err := ParseShard(meta[i+len(shardMark):])
	return meta[:i], shard, shards, err == nil
}

// MergeShards joins the outputs of the shards of one self-play run (all of
// them, each once) into the data of the whole run: the same samples,
// merged, with the whole run's header, so that the file WriteFile makes of
// it equals the one an unsharded run writes, byte for byte.
func MergeShards(shards []*Data, names []string) (*Data, error) {
	if len(shards) == 0 {
		return nil, fmt.Errorf("no shards")
	}
	var run string
	seen := map[int]string{}
	n := 0
	out := &Data{Header: Header{Variant: shards[0].Header.Variant, Merged: true}}
	for i, d := range shards {
		r, s, ns, ok := splitShardMeta(d.Header.Meta)
		switch {
		case !ok || d.Header.Merged:
			return nil, fmt.Errorf("%s is not the output of a selfplay --shard run", names[i])
		case i == 0:
			run, n = r, ns
		case r != run || ns != n || d.Header.Variant != out.Header.Variant:
			return nil, fmt.Errorf("%s comes from another run than %s (%q, %s against %q, %s)",
				names[i], names[0], d.Header.Meta, d.Header.Variant, shards[0].Header.Meta, out.Header.Variant)
		}
		if other, dup := seen[s]; dup {
			return nil, fmt.Errorf("%s and %s are both shard %d/%d", other, names[i], s, n)
		}
		seen[s] = names[i]
		out.Samples = append(out.Samples, d.Samples...)
		out.Games += d.Games
	}
	if len(seen) != n {
		var missing []string
		for s := range n {
			if _, ok := seen[s]; !ok {
				missing = append(missing, fmt.Sprintf("%d/%d", s, n))
			}
		}
		return nil, fmt.Errorf("shards missing: %s", strings.Join(missing, ", "))
	}
	out.Header.Meta = run
	out.Samples = Merge(out.Samples)
	return out, nil
}
