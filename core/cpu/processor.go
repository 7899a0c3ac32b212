// Package cpu models a node's processor: one CPU serving work first come,
// first served, with a background load, measured the way the node itself
// sees it — the occupancy over each measurement interval.
package cpu

import "overloadlab/core/kernel"

// Processor is one CPU. Work is given in CPU seconds at nominal speed; with
// speed s and background load b the work runs at s·(1−b), and the measured
// occupancy is ρ = b + (1−b)·busy/interval.
type Processor struct {
	Speed      float64 // 1 = nominal; 2 = a processor upgrade twice as fast
	Background float64 // fraction of the CPU taken by other work, 0..1

	free  kernel.Time // when the work already given is done
	acct  kernel.Time // busy time is counted up to here
	busy  kernel.Time // busy time in the current interval
	start kernel.Time // start of the current interval
}

// New returns an idle processor.
func New(speed, background float64) *Processor {
	return &Processor{Speed: speed, Background: background}
}

// count adds the busy time up to now.
func (p *Processor) count(now kernel.Time) {
	if now <= p.acct {
		return
	}
	if p.free > p.acct {
		p.busy += min(now, p.free) - p.acct
	}
	p.acct = now
}

// Do queues cost CPU seconds of work at now and returns when it completes.
func (p *Processor) Do(now kernel.Time, cost float64) kernel.Time {
	p.count(now)
	if p.free < now {
		p.free = now
	}
	rate := p.Speed * (1 - p.Background)
	if rate < 1e-6 {
		rate = 1e-6
	}
	p.free += kernel.Time(cost / rate * 1e9)
	return p.free
}

// Backlog returns how long the work already given keeps the CPU busy.
func (p *Processor) Backlog(now kernel.Time) kernel.Time {
	return max(0, p.free-now)
}

// Measure returns the occupancy ρ over the interval since the last Measure
// (or the start) and begins a new interval at now.
func (p *Processor) Measure(now kernel.Time) float64 {
	p.count(now)
	span := now - p.start
	rho := p.Background
	if span > 0 {
		rho += (1 - p.Background) * float64(p.busy) / float64(span)
	}
	p.busy, p.start = 0, now
	return min(rho, 1)
}

// Flush discards all queued work, as a process crash does.
func (p *Processor) Flush(now kernel.Time) {
	p.count(now)
	p.free = now
}
