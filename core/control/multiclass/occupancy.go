package multiclass

// Occupancy is the occupancy-only detection (OCC) [R]: once per interval the
// admitted fraction is scaled by how far the measured occupancy is from the
// target,
//
//	φ_n = min(ρ_target/ρ_n, φ_max),   f_{n+1} = clamp(φ_n·f_n, f_min, 1).
//
// Since ρ_n ≤ 1, f falls by at most a factor ρ_target per interval: reaching
// 1/k from 1 takes at least ln k / ln(1/ρ_target) intervals (16 at 5×, 22 at
// 10× with ρ_target = 0.9).
type Occupancy struct {
	Target float64 // ρ_target, 0..1 (default 0.9)
	PhiMax float64 // φ_max, the largest increase factor per interval (default 20) [R]
	FMin   float64 // f_min, the smallest admitted fraction (default 0.01) [R]
}

// Phi returns φ = min(ρ_target/ρ, φ_max); an idle processor (ρ ≤ 0) gives φ_max.
func (o Occupancy) Phi(rho float64) float64 {
	if rho <= 0 || o.Target >= o.PhiMax*rho {
		return o.PhiMax
	}
	return o.Target / rho
}

// Next returns f_{n+1} from the fraction f in force and the occupancy ρ
// measured over the interval that just ended.
func (o Occupancy) Next(f, rho float64) float64 {
	return o.clamp(o.Phi(rho) * f)
}

func (o Occupancy) clamp(f float64) float64 {
	return min(max(f, o.FMin), 1)
}

// AcceptanceRate is the acceptance-rate-plus-occupancy detection (ARO)
// [S: the min of the two terms; R: their forms]:
//
//	f^a = α_target/Λ_eq,   f^o = φ_n·f_n,
//	f_{n+1} = clamp(min(f^a, f^o), f_min, 1).
//
// The acceptance-rate term sees the whole size of an overload in one
// interval, because the offered rate Λ_eq is not capped the way ρ ≤ 1 is;
// the occupancy term corrects errors in the costs behind α_target.
type AcceptanceRate struct {
	Occupancy
}

// Next returns f_{n+1} from the fraction f in force, the occupancy ρ, the
// target acceptance rate α (equivalent calls per second) and the offered
// equivalent rate Λ (equivalent calls per second). With nothing offered the
// acceptance term does not limit.
func (a AcceptanceRate) Next(f, rho, alpha, offered float64) float64 {
	fo := a.Phi(rho) * f
	if offered > 0 {
		fo = min(fo, alpha/offered)
	}
	return a.clamp(fo)
}

// TargetRate returns α_target = (ρ_target − c0)/cb, the equivalent call rate
// that fills the processor to the target: cb is the CPU seconds of one call
// of the base class, c0 the share of the processor taken by other work (0
// when the costs are configured rather than estimated) [R].
func TargetRate(target, c0, cb float64) float64 {
	if cb <= 0 {
		return 0
	}
	return max(target-c0, 0) / cb
}
