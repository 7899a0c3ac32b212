package retryafter

import (
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// Params is the schema of the 503 control: the server's occupancy threshold
// and the Retry-After it sends.
var Params = []param.Spec{
	{Name: "retry-after.threshold", Label: "503 above occupancy", Group: "503 Retry-After", Unit: "%", Kind: param.Number, Min: 10, Max: 100, Step: 1, Default: param.Num(90),
		Doc: prose.Page("while the server's occupancy over its last measurement is above this, it answers every new request 503 (Service Unavailable)")},
	{Name: "retry-after.value", Label: "Retry-After", Group: "503 Retry-After", Unit: "s", Kind: param.Integer, Min: 1, Max: 3600, Step: 1, Default: param.Num(5),
		Doc: prose.Page("the Retry-After of the 503: a client that receives it sends no other request to the server for this many seconds (RFC 3261 §21.5.4)")},
}

// Configure sets the server's threshold and Retry-After from the values of
// Params.
func (s *Server) Configure(v param.Values) {
	s.Threshold = v.Num("retry-after.threshold") / 100
	s.RetryAfter = kernel.Time(v.Int("retry-after.value")) * kernel.Second
}
