package multiclass

import (
	"fmt"

	"overloadlab/core/engine/kernel"
)

// Algorithm is the overload detection and measurement algorithm.
type Algorithm uint8

const (
	OCC  Algorithm = iota // occupancy only
	SRED                  // signaling RED on the message queue
	ARO                   // acceptance rate plus occupancy
)

// Algorithms names the algorithms as in scenario files: "occ", "sred", "aro".
var Algorithms = []string{"occ", "sred", "aro"}

func (a Algorithm) String() string { return Algorithms[a] }

// Partitions names the ways E is shared: "strict-priority" (Partition) or
// "proportional" (the same fraction for every class).
var Partitions = []string{"strict-priority", "proportional"}

// Config is a controller's configuration.
type Config struct {
	Algorithm    Algorithm
	Occupancy    Occupancy // ρ_target, φ_max, f_min (OCC and ARO)
	RED          RED       // w, min_th, max_th, max_p (SRED)
	Proportional bool      // share E in proportion instead of by strict priority
	Costs        []float64 // configured CPU seconds per call of each class, highest priority first
	Base         int       // the base class b
	Regression   bool      // estimate the costs instead of using Costs
	Window       int       // regression window, intervals (≥ 5 per class and 5 for the rejects)
	Forget       float64   // regression forgetting factor γ, (0, 1]
	MinVariation float64   // regression minimum variation v [R]
	MaxOccupancy float64   // intervals with ρ above this are not used by the regression [R]
}

// Controller admits or rejects the first message of every new call. Allow
// is the per-message decision; Update closes a measurement interval.
type Controller struct {
	cfg Config
	rs  *kernel.Stream
	k   int

	start    kernel.Time
	offered  []int64 // first messages offered in the interval, per class
	accepted []int64
	rejected int64
	served   []float64 // calls' worth of messages the processor finished, per class, then rejects

	cost   []float64 // costs in use: configured or estimated
	idle   float64   // ĉ_0 in use
	w      []float64 // w_i = c_i / c_b
	rate   []float64 // λ̂_i of the last interval
	load   []float64 // w_i λ̂_i
	inv    []float64 // 1 / (w_i λ̂_i), 0 when nothing was offered
	higher []float64 // Σ_{k<i} w_k λ̂_k
	frac   []float64 // f_i in force (OCC, ARO)
	lambda float64   // Λ_eq of the last interval
	alpha  float64   // α_target
	f      float64   // overall fraction f_n
	reg    *Regression
	x      []float64 // regressors of the interval: calls/s served per class, rejects/s, 1
	admit  []float64 // accepted/offered of the last interval, per class
}

// New returns a controller for len(cfg.Costs) classes drawing its admission
// decisions from rs.
func New(cfg Config, rs *kernel.Stream) (*Controller, error) {
	k := len(cfg.Costs)
	if k == 0 || k+2 > MaxDim {
		return nil, fmt.Errorf("multiclass: %d classes (allowed: 1 to %d)", k, MaxDim-2)
	}
	if cfg.Base < 0 || cfg.Base >= k || cfg.Costs[cfg.Base] <= 0 {
		return nil, fmt.Errorf("multiclass: base class %d must be a class with a cost > 0", cfg.Base)
	}
	c := &Controller{cfg: cfg, rs: rs, k: k, f: 1,
		offered: make([]int64, k), accepted: make([]int64, k),
		cost: append([]float64(nil), cfg.Costs...), w: make([]float64, k),
		rate: make([]float64, k), load: make([]float64, k), inv: make([]float64, k), higher: make([]float64, k),
		frac: make([]float64, k), x: make([]float64, k+2), admit: make([]float64, k), served: make([]float64, k+1)}
	for i := range c.frac {
		c.frac[i], c.admit[i] = 1, 1
	}
	if cfg.Regression {
		if cfg.Window < 5*(k+1) {
			return nil, fmt.Errorf("multiclass: regression window %d (allowed: at least 5 per regressor, %d)", cfg.Window, 5*(k+1))
		}
		init := make([]float64, k+2) // the classes, the rejects, the constant
		copy(init, cfg.Costs)
		c.reg = NewRegression(k+2, k+1, cfg.Window, cfg.Forget, cfg.MinVariation, init)
	}
	c.weigh()
	return c, nil
}

// Configure changes the configuration during a run (a slider, a timeline
// entry); the state (f, q̄, the regression window) is kept unless the
// regression is switched or its window changes.
func (c *Controller) Configure(cfg Config) error {
	if len(cfg.Costs) != c.k {
		return fmt.Errorf("multiclass: %d classes, not %d", len(cfg.Costs), c.k)
	}
	reg, avg := c.reg, c.cfg.RED.Avg
	n, err := New(cfg, c.rs)
	if err != nil {
		return err
	}
	if reg != nil && cfg.Regression && cfg.Window == c.cfg.Window {
		reg.forget = cfg.Forget
		reg.minPivot = cfg.MinVariation * cfg.MinVariation / (1 + cfg.MinVariation*cfg.MinVariation)
		reg.minCV2 = cfg.MinVariation * cfg.MinVariation
		n.reg = reg
		n.idle = reg.Estimate(c.k + 1)
		for i := range n.cost {
			n.cost[i] = reg.Estimate(i)
		}
	}
	n.cfg.RED.Avg = avg
	n.start, n.f, n.lambda = c.start, c.f, c.lambda
	copy(n.offered, c.offered)
	copy(n.accepted, c.accepted)
	copy(n.rate, c.rate)
	copy(n.admit, c.admit)
	copy(n.served, c.served)
	n.rejected = c.rejected
	n.weigh()
	n.share()
	*c = *n
	return nil
}

// Allow decides on the first message of a new call of class i arriving at
// now, when the processor's queue holds queue messages (read by SRED only).
// It counts the message for the interval that the next Update closes; now
// must not be before the last Update. Between two Updates the fractions do
// not change with time, so the decision reads only the class (OCC, ARO) or
// the queue (SRED): the rates are measured over the explicit times of Update.
func (c *Controller) Allow(now kernel.Time, i int, queue float64) bool {
	c.offered[i]++
	var f float64
	if c.cfg.Algorithm == SRED {
		p := c.cfg.RED.Observe(queue)
		if p == 0 {
			c.accepted[i]++
			return true
		}
		if c.cfg.Proportional || c.load[i] <= 0 {
			f = 1 - p
		} else {
			f = min(max(((1-p)*c.lambda-c.higher[i])*c.inv[i], 0), 1)
		}
	} else {
		f = c.frac[i]
	}
	if f >= 1 || (f > 0 && c.rs.Float64() < f) {
		c.accepted[i]++
		return true
	}
	c.rejected++
	return false
}

// Served tells the regression that the processor finished share of a call
// of class i (a message of a flow of m messages: 1/m); i = the number of
// classes stands for a reject (share 1). The regressors are the work finished
// in the interval, not the calls admitted in it, so that a call flow that
// runs into the next interval is counted where its work was done.
func (c *Controller) Served(i int, share float64) { c.served[i] += share }

// Lost counts the first message of a call of class i that the switch lost
// before it could decide (its buffer was full): it is part of the offered
// rate all the same.
func (c *Controller) Lost(i int) { c.offered[i]++ }

// Update closes the measurement interval that ends at now, in which the
// processor's occupancy was rho (0..1): it measures the rates, refits the
// costs when the regression is on, and sets the fractions for the next
// interval.
func (c *Controller) Update(now kernel.Time, rho float64) {
	dt := (now - c.start).Seconds()
	if dt <= 0 {
		return
	}
	c.start = now
	for i := range c.k {
		c.rate[i] = float64(c.offered[i]) / dt
		c.x[i] = c.served[i] / dt
		c.served[i] = 0
		c.admit[i] = 1
		if c.offered[i] > 0 {
			c.admit[i] = float64(c.accepted[i]) / float64(c.offered[i])
		}
		c.offered[i], c.accepted[i] = 0, 0
	}
	c.x[c.k] = c.served[c.k] / dt
	c.served[c.k] = 0
	c.x[c.k+1] = 1
	rejected := c.rejected
	c.rejected = 0
	if c.reg != nil && rho <= c.cfg.MaxOccupancy {
		// While the control rejects, it pins the admitted equivalent load,
		// and the idle share cannot be told from the scale of the costs:
		// hold ĉ_0 and let the mix tell the costs [R].
		c.reg.Hold(c.k+1, rejected > 0)
		c.reg.CountsOver(dt)
		c.reg.Add(c.x, rho)
		if c.reg.Fit() {
			c.idle = c.reg.Estimate(c.k + 1)
			for i := range c.cost {
				c.cost[i] = c.reg.Estimate(i)
			}
		}
	}
	c.weigh()
	c.lambda = EquivalentRate(c.w, c.rate)
	o := c.cfg.Occupancy
	switch c.cfg.Algorithm {
	case OCC:
		c.f = o.Next(c.f, rho)
	case ARO:
		c.f = AcceptanceRate{o}.Next(c.f, rho, c.alpha, c.lambda)
	case SRED:
		c.f = 1 - c.cfg.RED.Reject()
	}
	c.share()
}

func (c *Controller) weigh() {
	Weights(c.w, c.cost, c.cfg.Base)
	c.alpha = TargetRate(c.cfg.Occupancy.Target, c.idle, c.cost[c.cfg.Base])
}

// share partitions E = f·Λ_eq and keeps the sums SRED needs per message.
func (c *Controller) share() {
	e := c.f * c.lambda
	if c.cfg.Proportional {
		Proportional(c.frac, e, c.lambda)
	} else {
		Partition(c.frac, e, c.w, c.rate)
	}
	var h float64
	for i := range c.k {
		c.load[i] = c.w[i] * c.rate[i]
		c.inv[i] = 0
		if c.load[i] > 0 {
			c.inv[i] = 1 / c.load[i]
		}
		c.higher[i] = h
		h += c.load[i]
	}
	if c.cfg.Algorithm == SRED {
		// SRED decides per message from q̄; f_i shown is the one at q̄ now.
		for i := range c.frac {
			c.frac[i] = c.sredFraction(i)
		}
	}
}

func (c *Controller) sredFraction(i int) float64 {
	p := c.cfg.RED.Reject()
	if p == 0 {
		return 1
	}
	if c.cfg.Proportional || c.load[i] <= 0 {
		return 1 - p
	}
	return min(max(((1-p)*c.lambda-c.higher[i])/c.load[i], 0), 1)
}

// Fraction returns f_i, the admitted fraction of class i in force.
func (c *Controller) Fraction(i int) float64 { return c.frac[i] }

// Admitted returns the share of class i's first messages admitted over the
// last interval (1 when none were offered).
func (c *Controller) Admitted(i int) float64 { return c.admit[i] }

// RejectCost returns the estimated CPU seconds of a reject (0 without the
// regression).
func (c *Controller) RejectCost() float64 {
	if c.reg == nil {
		return 0
	}
	return c.reg.Estimate(c.k)
}

// Overall returns f, the admitted share of the offered equivalent load.
func (c *Controller) Overall() float64 { return c.f }

// Offered returns Λ_eq, the offered equivalent rate of the last interval.
func (c *Controller) Offered() float64 { return c.lambda }

// TargetRate returns α_target in use.
func (c *Controller) TargetRate() float64 { return c.alpha }

// Cost returns the CPU seconds per call of class i in use (configured or
// estimated).
func (c *Controller) Cost(i int) float64 { return c.cost[i] }

// Idle returns ĉ_0, the estimated share of other work (0 when configured).
func (c *Controller) Idle() float64 { return c.idle }

// AverageQueue returns SRED's q̄.
func (c *Controller) AverageQueue() float64 { return c.cfg.RED.Avg }

// Regression returns the cost regression, or nil when it is off.
func (c *Controller) Regression() *Regression { return c.reg }
