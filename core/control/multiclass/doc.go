// Package multiclass is the multi-class signaling overload control of a
// switch (Kasera et al., 2001 and 2005): it decides, for every first
// message of a new call, whether the call is admitted; the other messages
// of an admitted call are always served.
//
// Once per measurement interval T the Controller measures the offered rate
// λ̂_i of every class and the processor occupancy ρ_n, converts the classes
// into the units of a base class b (equivalent system load), computes the
// allowable equivalent rate E with one of three detection algorithms, and
// partitions E across the classes by strict priority:
//
//	w_i = c_i / c_b                  Λ_eq = Σ w_i λ̂_i           (Weights, EquivalentRate)
//	OCC:  f_{n+1} = clamp(min(ρ_target/ρ_n, φ_max)·f_n, f_min, 1)   (Occupancy.Next)
//	SRED: q̄ ← (1−w)·q̄ + w·q per first message; p(q̄) ramps 0 → max_p
//	      between min_th and max_th, 1 above                         (RED)
//	ARO:  f_{n+1} = clamp(min(α_target/Λ_eq, f^o), f_min, 1),
//	      α_target = (ρ_target − ĉ_0)/ĉ_b                           (AcceptanceRate.Next)
//	E = f_{n+1}·Λ_eq;  R_0 = E;  a_k = min(w_k λ̂_k, R_{k−1});
//	R_k = R_{k−1} − a_k;  f_k = a_k/(w_k λ̂_k)                       (Partition)
//
// With the regression switched on, the costs c_i (and the idle share ĉ_0)
// are estimated from the occupancy and the per-class counts by least squares
// over a sliding window with a forgetting factor (Regression), and held when
// the traffic mix does not vary enough to identify them [R: the counts are
// the calls' worth of messages served in the interval, plus the rejects; a
// count must vary beyond its Poisson noise; ĉ_0 is held while the control
// rejects, because it then pins the admitted load].
//
// Rules marked [R] are faithful reconstructions of forms the papers name but
// do not spell out; each is behind a parameter (see Params). Nothing here
// reads a clock: every call takes the virtual time, like
// golang.org/x/time/rate's AllowN(t, n).
package multiclass
