package catalog

import (
	"regexp"
	"testing"

	"overloadlab/core/engine/clock"
)

// A time of the run in a tour step's text reads as the run's clock does
// (core/engine/clock: m:ss, or h:mm:ss in a run over 10 minutes), never
// "At 120 s" or "at 5 min" beside a clock reading 0:02:00; durations (a
// 15 s timer, within 2 s) stay in seconds.
func TestTourTimesReadAsTheClock(t *testing.T) {
	inSeconds := regexp.MustCompile(`(?i)\b(at|from|by|before|after|since|until)\s+\d+(\.\d+)?\s*(s|min|minutes?)\b|\(\d+(\.\d+)?\s*[–-]\s*\d+(\.\d+)?\s*(s|min)\)`)
	clockLike := regexp.MustCompile(`\b\d+:\d\d(:\d\d)?\b`)
	for _, p := range Presets() {
		for k, st := range p.Tour {
			if m := inSeconds.FindString(st.Text); m != "" {
				t.Errorf("%s step %d: %q writes a time of the run in seconds or minutes; write it as the clock does (%s)", p.Name, k+1, m, clock.Format(st.At, p.Duration))
			}
			for _, m := range clockLike.FindAllString(st.Text, -1) {
				long := regexp.MustCompile(`^\d+:\d\d:\d\d$`).MatchString(m)
				if long != (p.Duration > clock.Long) {
					t.Errorf("%s step %d: %q is not in the run's notation (%s)", p.Name, k+1, m, clock.Notation(p.Duration))
				}
			}
		}
	}
}
