package session

// TEMPORARY until core/scenario/link.go lands on main.

import (
	"encoding/base64"
	"strings"

	"overloadlab/core/catalog"
	"overloadlab/core/param"
	"overloadlab/core/scenario"
)

func encodeLink(s *scenario.Scenario) string {
	b, _ := s.MarshalJSON()
	return "0." + base64.RawURLEncoding.EncodeToString(b)
}

func decodeLink(link string) (*scenario.Scenario, error) {
	rest, ok := strings.CutPrefix(link, "0.")
	if !ok {
		return nil, &param.Error{Field: "link", Value: link, Allowed: "0.<base64url>"}
	}
	b, err := base64.RawURLEncoding.DecodeString(rest)
	if err != nil {
		return nil, &param.Error{Field: "link", Value: "not base64url", Allowed: "0.<base64url>"}
	}
	return catalog.Decode(b)
}
