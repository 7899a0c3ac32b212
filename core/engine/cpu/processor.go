// Package cpu models a node's processor: one CPU serving work first come,
// first served, with a background load, measured the way the node itself
// sees it — the occupancy over each measurement interval.
package cpu

import "overloadlab/core/engine/kernel"

// Processor is one CPU. Work is given in CPU seconds at nominal speed; with
// speed s and background load b the work runs at s·(1−b), and the measured
// occupancy is ρ = b + (1−b)·busy/interval.
type Processor struct {
	speed      float64 // 1 = nominal; 2 = a processor upgrade twice as fast
	background float64 // fraction of the CPU taken by other work, 0..1
	rate       float64 // speed·(1−background), at least 1e-6: CPU seconds done per second

	free  kernel.Time // when the work already given is done
	acct  kernel.Time // busy time is counted up to here
	busy  kernel.Time // busy time in the current interval
	start kernel.Time // start of the current interval
	total kernel.Time // busy time since the start
}

// New returns an idle processor.
func New(speed, background float64) *Processor {
	p := &Processor{}
	p.Set(speed, background)
	return p
}

// Set changes the speed and the background load; work already given keeps
// its completion time.
func (p *Processor) Set(speed, background float64) {
	p.speed, p.background = speed, background
	p.rate = speed * (1 - background)
	if p.rate < 1e-6 {
		p.rate = 1e-6
	}
}

// Speed returns the speed relative to nominal.
func (p *Processor) Speed() float64 { return p.speed }

// Background returns the fraction of the CPU taken by other work.
func (p *Processor) Background() float64 { return p.background }

// count adds the busy time up to now, with min and max rather than
// branches (DESIGN.md, branch order).
func (p *Processor) count(now kernel.Time) {
	d := max(0, min(now, p.free)-p.acct)
	p.busy += d
	p.total += d
	p.acct = max(p.acct, now)
}

// Do queues cost CPU seconds of work at now and returns when it completes.
func (p *Processor) Do(now kernel.Time, cost float64) kernel.Time {
	p.count(now)
	p.free = max(p.free, now) + kernel.Time(cost/p.rate*1e9)
	return p.free
}

// Duration returns how long a job of cost CPU seconds keeps the processor
// busy.
func (p *Processor) Duration(cost float64) kernel.Time {
	return kernel.Time(cost / p.rate * 1e9)
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
	rho := p.background
	if span > 0 {
		rho += (1 - p.background) * float64(p.busy) / float64(span)
	}
	p.busy, p.start = 0, now
	return min(rho, 1)
}

// Flush discards all queued work, as a process crash does.
func (p *Processor) Flush(now kernel.Time) {
	p.count(now)
	p.free = now
}

// Meter reads a processor's occupancy over periods of its own, apart from
// the reporting interval that Measure closes: ρ = b + (1−b)·busy/elapsed
// since the meter's previous reading.
type Meter struct {
	busy kernel.Time // the processor's total busy time at the last reading
	at   kernel.Time // time of the last reading
}

// Read returns the occupancy since the previous reading (or since Reset)
// and starts a new period at now.
func (m *Meter) Read(p *Processor, now kernel.Time) float64 {
	p.count(now)
	span := now - m.at
	rho := p.background
	if span > 0 {
		rho += (1 - p.background) * float64(p.total-m.busy) / float64(span)
	}
	m.busy, m.at = p.total, now
	return min(rho, 1)
}

// Reset starts a new period at now without reading.
func (m *Meter) Reset(p *Processor, now kernel.Time) {
	p.count(now)
	m.busy, m.at = p.total, now
}
