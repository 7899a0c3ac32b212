package catalog

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"io"
	"strings"
	"testing"
)

// decodePayload and encodePayload open and make version 1 links by hand, to
// test what a tampered link does.
func decodePayload(t *testing.T, link string) string {
	z, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(link, "1."))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func encodePayload(raw string) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write([]byte(raw))
	w.Close()
	return "1." + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}
