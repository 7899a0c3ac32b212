//go:build !js

package access

import (
	"math"

	"overloadlab/core/engine/claim"
)

var inf = math.Inf(1)

// share claims that col passes op v in between min and max % of the
// intervals from from to to.
func share(name, col string, op claim.Op, v, from, to, min, max float64) claim.Claim {
	return claim.Claim{Name: name, Kind: claim.Share, Column: col, Op: op, Value: v, From: from, To: to, Min: min, Max: max}
}

// mean claims the mean of col from from to to lies in [min, max].
func mean(name, col string, from, to, min, max float64) claim.Claim {
	return claim.Claim{Name: name, Kind: claim.Mean, Column: col, From: from, To: to, Min: min, Max: max}
}

// mostly gives a claim the range its figure lies in in most runs.
func mostly(c claim.Claim, min, max float64) claim.Claim {
	c.Most = &claim.Range{Min: min, Max: max}
	return c
}

// count claims a counter ("group/name") lies in [min, max].
func count(name, counter, what string, min, max float64) claim.Claim {
	return claim.Claim{Name: name, Kind: claim.Counter, Counter: counter, What: what, Min: min, Max: max}
}

// The claims of the presets, by preset.
var claims = map[string][]claim.Claim{
	"outage-no-control": {
		share("pinned-after-outage", "cpu", claim.AtLeast, 99, 125, 235, 90, 100),
		share("t3402-silence", "radio.sent", claim.AtMost, 0, 300, 900, 95, 100),
		share("next-wave", "radio.sent", claim.Above, 0, 955, 1060, 50, 100),
		mean("timed-out-work", "mme.timed-out", 125, 235, 10000, inf),
		mean("attached-after-hour", "attached", 3500, 3600, 20, 30),
		count("never-95", cT95S.In("access"), "seconds to 95 % attached (0: never)", 0, 0),
		mean("attempts-per-attach", "signalling-per-attach", 3590, 3600, 40, inf),
	},
	"outage-pacing": {
		mean("accepted-at-pace", "mme.accepted", 130, 230, 1500, 2400),
		share("herd-still-waves", "radio.sent", claim.AtMost, 0, 330, 900, 95, 100),
		mean("attached-after-hour", "attached", 3590, 3600, 99, 100),
		mean("attempts-per-attach", "signalling-per-attach", 3590, 3600, 3, 20),
	},
	"outage-t3346-fixed": {
		mean("rejected-22", "mme.rejected-22", 125, 180, 5000, inf),
		mean("first-spike", "radio.sent", 120, 180, 10000, inf),
		share("silent-until-echo", "radio.sent", claim.AtMost, 0, 200, 1015, 99, 100),
		mean("second-spike", "radio.sent", 1020, 1080, 10000, inf),
		mean("attached-after-hour", "attached", 3500, 3600, 0, 33),
		// The challenge's goal (exercises.go), which this run fails.
		share("no-second-spike", "radio.sent", claim.AtMost, 2000, 1020, 1920, 100, 100).Failing(),
	},
	"outage-t3346-random": {
		mean("rejected-22", "mme.rejected-22", 125, 180, 5000, inf),
		share("no-second-spike", "radio.sent", claim.AtMost, 2000, 1020, 1920, 100, 100),
		count("t95", cT95S.In("access"), "seconds to 95 % attached", 1650, 1900),
		share("cpu-under-70", "cpu", claim.Below, 70, 1030, 1900, 95, 100),
	},
	"outage-acb": {
		{Name: "barred-share", Kind: claim.Counter, Counter: cAttachBarred.In("access"), Per: cAttachAttempts.In("access"), What: "attach attempts barred in the cell", Min: 60, Max: 80},
		share("pinned-early", "cpu", claim.AtLeast, 99, 125, 900, 80, 100),
		count("t95", cT95S.In("access"), "seconds to 95 % attached", 1650, 2000),
	},
	"outage-s1-overload": {
		count("overload-starts", cOverloadStart.In("s1ap overload"), "OVERLOAD START sent", 24, inf),
		mean("radio-sheds", "radio.rejected", 170, 260, 10000, inf),
		mean("emergency-success", "emergency.success", 3590, 3600, 70, 100),
		// 95 % or more in most runs: 100 % on 399 of seeds 1–400; on
		// seed 172 an overload from 2 906 s leaves 51 274 devices on
		// T3402 at the hour, 94.87 %. Over 85 % in any.
		mostly(mean("attached-after-hour", "attached", 3590, 3600, 85, 100), 95, 100),
	},
	"mme-failure": {
		share("others-pinned", "cpu", claim.AtLeast, 99, 305, 470, 80, 100),
		share("movers-silent", "radio.sent", claim.AtMost, 0, 500, 1000, 95, 100),
		mean("stranded", "attached", 900, 1000, 60, 85),
	},
	"m2m-fleet-hourly": {
		share("fleet-pins-pool", "cpu", claim.AtLeast, 99, 70, 180, 80, 100),
		{Name: "fleet-attached", Kind: claim.Counter, Counter: cFleetAttached.In("access"), Per: cFleetWoken.In("access"), What: "fleet devices woken that attached", Min: 20, Max: 45},
		share("t3402-silence", "radio.sent", claim.AtMost, 0, 200, 840, 95, 100),
	},
}

func init() {
	for i := range presets {
		presets[i].Claims = claims[presets[i].Name]
	}
}
