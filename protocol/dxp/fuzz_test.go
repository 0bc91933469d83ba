package dxp

import (
	"bytes"
	"reflect"
	"testing"
)

// FuzzDecode checks that Decode never panics and that whatever it accepts
// survives Encode/Decode unchanged, with Encode reaching a fixed point.
func FuzzDecode(f *testing.F) {
	for _, tc := range roundTrips {
		f.Add([]byte(tc.wire))
	}
	f.Add([]byte("R01mm                              W 60000A"))
	f.Add([]byte("M001205250422122"))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b)
		if err != nil {
			if m != nil {
				t.Fatalf("Decode(%q) returned %#v with error %v", b, m, err)
			}
			return
		}
		enc, err := Encode(m)
		if err != nil {
			t.Fatalf("Decode(%q) = %#v, which does not encode: %v", b, m, err)
		}
		if len(enc) < 2 || len(enc) > MaxMessageLen+1 || enc[len(enc)-1] != 0 || bytes.IndexByte(enc, 0) != len(enc)-1 {
			t.Fatalf("Encode(%#v) = %q: bad framing", m, enc)
		}
		m2, err := Decode(enc[:len(enc)-1])
		if err != nil {
			t.Fatalf("re-decode of %q (from %q): %v", enc, b, err)
		}
		if !reflect.DeepEqual(m, m2) {
			t.Fatalf("round trip changed message:\n %#v\n %#v", m, m2)
		}
		enc2, err := Encode(m2)
		if err != nil || !bytes.Equal(enc, enc2) {
			t.Fatalf("encoding not stable: %q then %q (%v)", enc, enc2, err)
		}
		// Only the time field has non-canonical spellings.
		if m.Type() != TypeGameReq && !bytes.Equal(enc[:len(enc)-1], b) {
			t.Fatalf("Decode accepted non-canonical %q (canonical %q)", b, enc)
		}
	})
}
