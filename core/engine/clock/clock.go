// Package clock writes a time of a run the one way every part of the lab
// shows it (the page's clock, axes, tour and markers, the report, the
// command line, the CSV's comment lines): as a clock reads, in whole
// seconds, m:ss in a run of up to 10 minutes ("2:05", "10:00") and
// h:mm:ss in a longer one ("0:02:05", "1:30:00"), so that one run never
// mixes two notations and "0:01" never means a minute. Durations (a
// timer, a window's length) are not times of the run: they stay in
// seconds ("15 s").
//
// static/ts/scrub.ts (timeText) follows the same rule; both are checked
// against testdata/clock.json.
package clock

import (
	"math"
	"strconv"
)

// Long is the length of a run (s) beyond which its times read h:mm:ss.
const Long = 600

// Format writes the time t (s) of a run lasting run seconds: m:ss when
// run ≤ Long, else h:mm:ss; t rounded to the nearest second, a negative t
// as 0:00, a time that is not a number as "–".
func Format(t, run float64) string {
	if math.IsNaN(t) || math.IsInf(t, 0) {
		return "–"
	}
	s := int64(math.Round(max(0, t)))
	if run <= Long {
		return strconv.FormatInt(s/60, 10) + ":" + two(s%60)
	}
	return strconv.FormatInt(s/3600, 10) + ":" + two(s%3600/60) + ":" + two(s%60)
}

// Notation names the notation of a run lasting run seconds, for an axis
// or a file's header: "m:ss" or "h:mm:ss".
func Notation(run float64) string {
	if run <= Long {
		return "m:ss"
	}
	return "h:mm:ss"
}

func two(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

// ticks are the spacings (s) a time axis's ticks take, shortest first:
// seconds, then whole minutes (from index minutes on).
var ticks = []float64{1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200, 86400}

const minutes = 7

// Ticks returns the spacings (s) the time axis of a run lasting run
// seconds may take its ticks at, shortest first: seconds and minutes when
// its times read m:ss, whole minutes when they read h:mm:ss. The page's
// axes (scrub.ts timeIncrs, generated) and the report's take them.
func Ticks(run float64) []float64 {
	if run > Long {
		return ticks[minutes:]
	}
	return ticks
}
