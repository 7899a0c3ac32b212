package catalog

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"io"
	"strings"
	"testing"
)

// decodePayload opens a link of any version and encodePayload makes a
// version 2 link by hand, to test what a tampered link does.
func decodePayload(t *testing.T, link string) string {
	_, body, _ := strings.Cut(link, ".")
	z, err := base64.RawURLEncoding.DecodeString(body)
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
	return "2." + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}
