package scenario

// deflate compresses a link's payload into one raw DEFLATE block (RFC
// 1951): LZ77 in DEFLATE's 32 KB window, the longest match of at least 3
// bytes at each position (of the last 1024 with the same first three
// bytes), taken unless the next position has a longer one (one step of
// lazy matching, as zlib does), then written with Huffman codes made for
// the payload or with the fixed codes, whichever is shorter. Any inflater
// reads it (compress/flate's NewReader in DecodeWhatIf, for every link of
// every version). It stands for compress/flate's compressor, which the
// page's module would otherwise carry for links alone: 7.2 KB less brotli
// (the fixed codes alone would save 11.8 KB, but make links 14 % longer);
// its links are as short (TestDeflateAsShortAsFlate).
func deflate(in []byte) []byte {
	toks := lz77(in)
	var w bitWriter
	w.bits(1, 1) // BFINAL
	var lit, dist [maxLit]int
	for _, t := range toks {
		if t.dist == 0 {
			lit[t.v]++
			continue
		}
		lit[257+lengthCode(int(t.v))]++
		dist[distCode(int(t.dist))]++
	}
	lit[256]++
	dyn := newDynamic(lit[:286], dist[:30])
	if dyn.bits < fixedBits(toks) {
		w.bits(2, 2) // BTYPE 10: codes of its own
		dyn.writeHeader(&w)
		writeTokens(&w, toks, dyn.lit, dyn.dist)
	} else {
		w.bits(1, 2) // BTYPE 01: the fixed codes
		writeTokens(&w, toks, fixedLit[:], fixedDist[:])
	}
	return w.flush()
}

// token is a literal byte v (dist 0) or a match of length v at distance
// dist.
type token struct {
	v    uint16
	dist uint16
}

// lz77 returns in as literals and matches.
func lz77(in []byte) []token {
	const (
		window   = 1 << 15
		minMatch = 3
		maxMatch = 258
		maxChain = 1024 // candidates tried per position
		hashBits = 14
	)
	head := make([]int32, 1<<hashBits)
	for i := range head {
		head[i] = -1
	}
	prev := make([]int32, len(in))
	hash := func(i int) int {
		return int((uint32(in[i])<<16|uint32(in[i+1])<<8|uint32(in[i+2]))*2654435761) >> (32 - hashBits)
	}
	inserted := 0 // positions before it are in the chains
	// match returns the longest earlier match at i (length 0 if none of
	// minMatch or more).
	match := func(i int) (length, dist int) {
		if i+minMatch > len(in) {
			return 0, 0
		}
		for ; inserted < i; inserted++ {
			h := hash(inserted)
			prev[inserted], head[h] = head[h], int32(inserted)
		}
		limit := min(maxMatch, len(in)-i)
		for j, n := head[hash(i)], 0; j >= 0 && i-int(j) <= window && n < maxChain; j, n = prev[j], n+1 {
			l := 0
			for l < limit && in[int(j)+l] == in[i+l] {
				l++
			}
			if l > length {
				length, dist = l, i-int(j)
				if l == limit {
					break
				}
			}
		}
		if length < minMatch {
			return 0, 0
		}
		return length, dist
	}
	var toks []token
	for i := 0; i < len(in); {
		length, dist := match(i)
		if length > 0 && length < maxMatch {
			if next, _ := match(i + 1); next > length {
				length = 0 // a literal here, the longer match next
			}
		}
		if length == 0 {
			toks = append(toks, token{v: uint16(in[i])})
			i++
			continue
		}
		toks = append(toks, token{uint16(length), uint16(dist)})
		i += length
	}
	return toks
}

const maxLit = 288

// code is a Huffman code: its bits (most significant first) and length.
type code struct {
	c uint16
	n uint8
}

// The fixed codes (RFC 1951 §3.2.6).
var fixedLit, fixedDist = func() ([maxLit]code, [30]code) {
	var l [maxLit]uint8
	for s := range l {
		switch {
		case s < 144:
			l[s] = 8
		case s < 256:
			l[s] = 9
		case s < 280:
			l[s] = 7
		default:
			l[s] = 8
		}
	}
	var d [30]uint8
	for s := range d {
		d[s] = 5
	}
	var lc [maxLit]code
	var dc [30]code
	copy(lc[:], canonical(l[:]))
	copy(dc[:], canonical(d[:]))
	return lc, dc
}()

func fixedBits(toks []token) int {
	n := 7 // the end of block
	for _, t := range toks {
		if t.dist == 0 {
			n += int(fixedLit[t.v].n)
			continue
		}
		l, d := lengthCode(int(t.v)), distCode(int(t.dist))
		n += int(fixedLit[257+l].n) + int(lengthExtra[l]) + 5 + int(distExtra[d])
	}
	return n
}

func writeTokens(w *bitWriter, toks []token, lit, dist []code) {
	for _, t := range toks {
		if t.dist == 0 {
			w.code(lit[t.v])
			continue
		}
		l, d := lengthCode(int(t.v)), distCode(int(t.dist))
		w.code(lit[257+l])
		w.bits(uint32(int(t.v)-int(lengthBase[l])), uint(lengthExtra[l]))
		w.code(dist[d])
		w.bits(uint32(int(t.dist)-int(distBase[d])), uint(distExtra[d]))
	}
	w.code(lit[256])
}

// dynamic is a block's own codes and what writing the block with them
// costs, header included, in bits.
type dynamic struct {
	lit, dist   []code
	litN, distN int     // codes written: at least 257 and 1
	clLens      []uint8 // the code-length code's lengths
	cl          []code
	seq         []uint8 // the code lengths, run-length coded: symbol, then its extra bits' value
	bits        int
}

// clOrder is the order the code-length code's lengths are written in, and
// clExtra the extra bits of its symbols (16: repeat 3–6 times, 17: 3–10
// zeros, 18: 11–138 zeros).
var (
	clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
	clExtra = [19]uint8{16: 2, 17: 3, 18: 7}
)

func newDynamic(litFreq, distFreq []int) *dynamic {
	ll, dl := huffLengths(litFreq, 15), huffLengths(distFreq, 15)
	d := &dynamic{lit: canonical(ll), dist: canonical(dl), litN: 257, distN: 1}
	for i, n := range ll {
		if n > 0 && i >= d.litN {
			d.litN = i + 1
		}
	}
	for i, n := range dl {
		if n > 0 && i >= d.distN {
			d.distN = i + 1
		}
	}
	lens := append(append([]uint8{}, ll[:d.litN]...), dl[:d.distN]...)
	var clFreq [19]int
	for i := 0; i < len(lens); {
		v, run := lens[i], 1
		for i+run < len(lens) && lens[i+run] == v {
			run++
		}
		i += run
		for run > 0 {
			switch {
			case v == 0 && run >= 11:
				k := min(run, 138)
				d.seq, run = append(d.seq, 18, uint8(k-11)), run-k
				clFreq[18]++
			case v == 0 && run >= 3:
				k := min(run, 10)
				d.seq, run = append(d.seq, 17, uint8(k-3)), run-k
				clFreq[17]++
			case v != 0 && run >= 4:
				d.seq = append(d.seq, v)
				clFreq[v]++
				run--
				for run >= 3 {
					k := min(run, 6)
					d.seq, run = append(d.seq, 16, uint8(k-3)), run-k
					clFreq[16]++
				}
			default:
				d.seq, run = append(d.seq, v), run-1
				clFreq[v]++
			}
		}
	}
	d.clLens = huffLengths(clFreq[:], 7)
	d.cl = canonical(d.clLens)
	d.bits = 5 + 5 + 4 + 3*d.clCount()
	for i := 0; i < len(d.seq); i += 2 {
		s := d.seq[i]
		d.bits += int(d.cl[s].n) + int(clExtra[s])
		if s < 16 {
			i-- // a length alone, no extra bits
		}
	}
	for s, f := range litFreq {
		d.bits += f * int(d.lit[s].n)
		if s > 256 {
			d.bits += f * int(lengthExtra[s-257])
		}
	}
	for s, f := range distFreq {
		d.bits += f * (int(d.dist[s].n) + int(distExtra[s]))
	}
	return d
}

// clCount is how many code-length code lengths are written (at least 4).
func (d *dynamic) clCount() int {
	n := 19
	for n > 4 && d.clLens[clOrder[n-1]] == 0 {
		n--
	}
	return n
}

func (d *dynamic) writeHeader(w *bitWriter) {
	n := d.clCount()
	w.bits(uint32(d.litN-257), 5)
	w.bits(uint32(d.distN-1), 5)
	w.bits(uint32(n-4), 4)
	for _, s := range clOrder[:n] {
		w.bits(uint32(d.clLens[s]), 3)
	}
	for i := 0; i < len(d.seq); i++ {
		s := d.seq[i]
		w.code(d.cl[s])
		if s >= 16 {
			i++
			w.bits(uint32(d.seq[i]), uint(clExtra[s]))
		}
	}
}

// huffLengths returns the lengths of a Huffman code for the symbols of the
// frequencies freq, none longer than limit; every symbol of a frequency
// above 0 has a code, and there are at least two codes (an inflater wants
// a complete code). Ties go to the lower symbol: the lengths depend on
// freq alone.
func huffLengths(freq []int, limit int) []uint8 {
	f := append([]int{}, freq...)
	used := 0
	for _, x := range f {
		if x > 0 {
			used++
		}
	}
	for s := 0; used < 2; s++ {
		if f[s] == 0 {
			f[s], used = 1, used+1
		}
	}
	for {
		lens := huffman(f)
		longest := uint8(0)
		for _, n := range lens {
			longest = max(longest, n)
		}
		if longest <= uint8(limit) {
			return lens
		}
		for s := range f { // flatten and try again
			if f[s] > 0 {
				f[s] = f[s]/2 + 1
			}
		}
	}
}

// huffman returns the code lengths of Huffman's algorithm on freq (the
// symbols of frequency 0 get none).
func huffman(freq []int) []uint8 {
	type node struct{ w, sym, a, b int } // a leaf has sym ≥ 0; an inner node children a, b
	var live []int
	var all []node
	for s, x := range freq {
		if x > 0 {
			all = append(all, node{x, s, -1, -1})
			live = append(live, len(all)-1)
		}
	}
	// lightest removes the lightest live node (the first of equals).
	lightest := func() int {
		k := 0
		for i, n := range live {
			if all[n].w < all[live[k]].w {
				k = i
			}
		}
		n := live[k]
		live = append(live[:k], live[k+1:]...)
		return n
	}
	for len(live) > 1 {
		a := lightest()
		b := lightest()
		all = append(all, node{all[a].w + all[b].w, -1, a, b})
		live = append(live, len(all)-1)
	}
	lens := make([]uint8, len(freq))
	var walk func(n, depth int)
	walk = func(n, depth int) {
		if all[n].sym >= 0 {
			lens[all[n].sym] = uint8(depth)
			return
		}
		walk(all[n].a, depth+1)
		walk(all[n].b, depth+1)
	}
	walk(live[0], 0)
	return lens
}

// canonical returns the canonical Huffman codes of the code lengths lens
// (RFC 1951 §3.2.2).
func canonical(lens []uint8) []code {
	var count [16]uint16
	for _, n := range lens {
		count[n]++
	}
	count[0] = 0
	var next [16]uint16
	for n, c := 1, uint16(0); n < 16; n++ {
		c = (c + count[n-1]) << 1
		next[n] = c
	}
	codes := make([]code, len(lens))
	for s, n := range lens {
		if n > 0 {
			codes[s] = code{next[n], n}
			next[n]++
		}
	}
	return codes
}

// bitWriter writes DEFLATE's bit stream: fields from their least
// significant bit, Huffman codes from their most significant.
type bitWriter struct {
	out  []byte
	acc  uint32
	nacc uint
}

func (w *bitWriter) bits(v uint32, n uint) {
	w.acc |= v << w.nacc
	w.nacc += n
	for w.nacc >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nacc -= 8
	}
}

// code writes the Huffman code c.
func (w *bitWriter) code(c code) {
	r := uint32(0)
	for v, i := uint32(c.c), uint8(0); i < c.n; i++ {
		r, v = r<<1|v&1, v>>1
	}
	w.bits(r, uint(c.n))
}

// Length and distance bases and their extra bits (RFC 1951 §3.2.5).
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// lengthCode returns the code (0–28, symbol 257+) of a match length 3–258.
func lengthCode(length int) int {
	l := len(lengthBase) - 1
	for int(lengthBase[l]) > length {
		l--
	}
	return l
}

// distCode returns the code (0–29) of a distance 1–32768.
func distCode(dist int) int {
	d := len(distBase) - 1
	for int(distBase[d]) > dist {
		d--
	}
	return d
}

// flush ends the stream on a byte boundary.
func (w *bitWriter) flush() []byte {
	if w.nacc > 0 {
		w.out = append(w.out, byte(w.acc))
	}
	return w.out
}
