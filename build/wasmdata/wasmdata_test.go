package wasmdata

import (
	"bytes"
	"encoding/binary"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// image is the initial memory that segs write (they do not overlap), as
// its runs of non-zero bytes: address → bytes.
func image(t testing.TB, segs []Segment) map[uint64]string {
	t.Helper()
	segs, err := sorted(segs)
	if err != nil {
		t.Fatal(err)
	}
	runs := map[uint64]string{}
	var start, end uint64 // the run being read: [start, end)
	var run []byte
	flush := func() {
		if len(run) > 0 {
			runs[start] = string(run)
		}
		run = run[:0]
	}
	for _, s := range segs {
		for i, c := range s.Data {
			a := uint64(s.Offset) + uint64(i)
			if c == 0 {
				continue
			}
			if len(run) == 0 || a != end {
				flush()
				start = a
			}
			run = append(run, c)
			end = a + 1
		}
	}
	flush()
	return runs
}

// sections splits a module into its sections (id and body), in order.
func sections(t testing.TB, module []byte) (ids []byte, bodies [][]byte) {
	t.Helper()
	for i := len(magic); i < len(module); {
		size, n := binary.Uvarint(module[i+1:])
		ids = append(ids, module[i])
		bodies = append(bodies, module[i+1+n:i+1+n+int(size)])
		i += 1 + n + int(size)
	}
	return ids, bodies
}

// checkSame fails unless packed is module with the same memory image in
// fewer (or as many) segments and every other section unchanged.
func checkSame(t testing.TB, module, packed []byte) (before, after int) {
	t.Helper()
	ids, bodies := sections(t, module)
	pids, pbodies := sections(t, packed)
	if !bytes.Equal(ids, pids) {
		t.Fatalf("sections %v, packed %v", ids, pids)
	}
	for k, id := range ids {
		if id != dataSection {
			if !bytes.Equal(bodies[k], pbodies[k]) {
				t.Errorf("section %d changed", id)
			}
			continue
		}
		segs, err := Segments(bodies[k])
		if err != nil {
			t.Fatal(err)
		}
		psegs, err := Segments(pbodies[k])
		if err != nil {
			t.Fatal(err)
		}
		if !maps.Equal(image(t, segs), image(t, psegs)) {
			t.Errorf("the memory image changed")
		}
		before, after = len(segs), len(psegs)
	}
	return before, after
}

// module returns a module of the sections given (id, body, id, body, ...).
func module(parts ...any) []byte {
	b := append([]byte(nil), magic...)
	for i := 0; i < len(parts); i += 2 {
		body := parts[i+1].([]byte)
		b = append(b, byte(parts[i].(int)))
		b = binary.AppendUvarint(b, uint64(len(body)))
		b = append(b, body...)
	}
	return b
}

func TestPackMerges(t *testing.T) {
	segs := []Segment{{5000, []byte{4, 5, 6}}, {5010, []byte{7}}, {8, []byte{1, 2}}, {20, []byte{3}}}
	m := module(1, []byte{0x60, 0, 0}, dataSection, encode(segs), 0, []byte{4, 'n', 'a', 'm', 'e'})
	packed, err := Pack(m, Options{Gap: 100})
	if err != nil {
		t.Fatal(err)
	}
	before, after := checkSame(t, m, packed)
	if before != 4 || after != 2 {
		t.Errorf("segments %d → %d, want 4 → 2", before, after)
	}
	_, bodies := sections(t, packed)
	got, _ := Segments(bodies[1])
	want := []Segment{{8, []byte{1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3}}, {5000, []byte{4, 5, 6, 0, 0, 0, 0, 0, 0, 0, 7}}}
	for k := range want {
		if got[k].Offset != want[k].Offset || !bytes.Equal(got[k].Data, want[k].Data) {
			t.Errorf("segment %d: %d %v, want %d %v", k, got[k].Offset, got[k].Data, want[k].Offset, want[k].Data)
		}
	}
	// DropCustom drops the custom section (the name section here), and
	// nothing else.
	stripped, err := Pack(m, Options{Gap: 100, DropCustom: true})
	if err != nil {
		t.Fatal(err)
	}
	if ids, _ := sections(t, stripped); !bytes.Equal(ids, []byte{1, dataSection}) || !bytes.Equal(stripped, packed[:len(stripped)]) {
		t.Errorf("with DropCustom: sections %v, want 1 and %d as packed", ids, dataSection)
	}
	// Offsets past 2^31 are written as negative i32 constants.
	high := []Segment{{1<<31 + 4, []byte{9}}}
	if got, err := Segments(encode(high)); err != nil || got[0].Offset != high[0].Offset {
		t.Errorf("offset 2^31+4 read back as %v, %v", got, err)
	}
}

func TestPackRefuses(t *testing.T) {
	for _, c := range []struct {
		name   string
		module []byte
		want   string
	}{
		{"not wasm", []byte("\x7fELF...."), "not a WebAssembly module"},
		{"passive", module(dataSection, []byte{1, 1, 1, 9}), "flags 1"},
		{"global offset", module(dataSection, []byte{1, 0, 0x23, 0, 0x0b, 1, 9}), "only i32.const"},
		{"overlap", module(dataSection, encode([]Segment{{10, []byte{1, 2, 3}}, {11, []byte{4}}})), "overlap"},
		{"truncated", module(dataSection, []byte{2, 0, 0x41, 0, 0x0b, 5, 1}), "longer than the section"},
		{"section size", append(module(), dataSection, 200, 1), "bad size"},
		{"trailing", module(dataSection, append(encode([]Segment{{1, []byte{1}}}), 7)), "after the last segment"},
		{"no pclntab", module(dataSection, encode([]Segment{{1, []byte{1}}})), "no pclntab"},
		{"two pclntabs", module(dataSection, encode([]Segment{{0, append(slices.Clone(pcHeader), pcHeader...)}})), "more than one"},
		{"pclntab cut", module(dataSection, encode([]Segment{{0, append(slices.Clone(pcHeader), 1, 0, 0, 0)}})), "header cut"},
	} {
		_, err := Pack(c.module, Options{Gap: Gap, DropLines: true})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// TestPackGoModule packs a Go program built for js/wasm: merged, the same
// memory image in far fewer segments; with its lines dropped, only zero
// bytes written over the merged image, in the pclntab. Under node (when
// installed) the packed module prints what the unpacked one prints, and a
// panic's trace still names the functions; with the names dropped but
// main's, it prints the same, and a panic's trace still names main.main.
func TestPackGoModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasm module")
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skip("no go command:", err)
	}
	dir := t.TempDir()
	wasm := filepath.Join(dir, "hello.wasm")
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./testdata/hello")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	m, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	merged, err := Pack(m, Options{Gap: Gap})
	if err != nil {
		t.Fatal(err)
	}
	before, after := checkSame(t, m, merged)
	t.Logf("segments %d → %d, bytes %d → %d", before, after, len(m), len(merged))
	if before < 100 || after > before/20 {
		t.Errorf("segments %d → %d: expected the linker's many to become a handful", before, after)
	}
	if again, err := Pack(merged, Options{Gap: Gap}); err != nil || !bytes.Equal(again, merged) {
		t.Errorf("packing twice changed the module (%v)", err)
	}

	packed, err := Pack(m, Options{Gap: Gap, DropLines: true})
	if err != nil {
		t.Fatal(err)
	}
	segs, psegs := dataOf(t, merged), dataOf(t, packed)
	if len(segs) != len(psegs) {
		t.Fatalf("%d segments merged, %d with the lines dropped", len(segs), len(psegs))
	}
	changed := 0
	for k := range segs {
		if segs[k].Offset != psegs[k].Offset || len(segs[k].Data) != len(psegs[k].Data) {
			t.Fatalf("segment %d moved or changed size", k)
		}
		for i, c := range psegs[k].Data {
			if c != segs[k].Data[i] {
				changed++
				if c != 0 {
					t.Fatalf("segment %d byte %d: %d written where %d was, only zeros may be", k, i, c, segs[k].Data[i])
				}
			}
		}
	}
	zeroed, err := DropLines(dataOf(t, merged))
	t.Logf("lines dropped: %d bytes of tables zeroed, %d bytes changed in all, module %d → %d", zeroed, changed, len(m), len(packed))
	if err != nil || zeroed < 10_000 || changed < zeroed {
		t.Errorf("DropLines zeroed %d bytes (%v), %d changed: the tables were not found", zeroed, err, changed)
	}

	// With the names dropped, those of main and the ones the runtime
	// reads are left, and only zeros are written (nameOff 0 included).
	unnamed, err := Pack(m, Options{Gap: Gap, DropLines: true, DropNames: true, KeepNames: []string{"main."}})
	if err != nil {
		t.Fatal(err)
	}
	usegs := dataOf(t, unnamed)
	for k := range psegs {
		for i, c := range usegs[k].Data {
			if c != psegs[k].Data[i] && c != 0 {
				t.Fatalf("segment %d byte %d: %d written where %d was, only zeros may be", k, i, c, psegs[k].Data[i])
			}
		}
	}
	_, fnsBefore, err := funcNames(psegs)
	if err != nil {
		t.Fatal(err)
	}
	_, fnsAfter, err := funcNames(usegs)
	if err != nil {
		t.Fatal(err)
	}
	left := map[string]bool{}
	for k, f := range fnsAfter {
		was := fnsBefore[k]
		switch keep := strings.HasPrefix(was.name, "main.") || was.args == argsSizeUnknown; {
		case keep && f.name != was.name:
			t.Errorf("function %d: named %q, %q before: a name kept was changed", k, f.name, was.name)
		case !keep && (f.name != "" || f.off != 0):
			t.Errorf("function %d: named %q (at %d), %q before: not dropped", k, f.name, f.off, was.name)
		}
		if f.name != "" {
			left[f.name] = true
		}
	}
	zeroed, _ = DropNames(dataOf(t, packed), []string{"main."})
	t.Logf("names dropped: %d of %d functions keep theirs, %d bytes of names zeroed", len(left), len(fnsAfter), zeroed)
	// reflect.methodValueCall is one the runtime finds by its name; the
	// others kept are assembly, whose argument size is unknown too.
	if !left["main.main"] || !left["reflect.methodValueCall"] || len(left) > 50 || zeroed < 10_000 {
		t.Errorf("names left %v, %d bytes zeroed: want main.main, reflect.methodValueCall and a few, and most of the names gone", slices.Sorted(maps.Keys(left)), zeroed)
	}

	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: the packed module is not run")
	}
	exe := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "go_js_wasm_exec")
	packedFile := filepath.Join(dir, "packed.wasm")
	if err := os.WriteFile(packedFile, packed, 0o644); err != nil {
		t.Fatal(err)
	}
	unnamedFile := filepath.Join(dir, "unnamed.wasm")
	if err := os.WriteFile(unnamedFile, unnamed, 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := exec.Command(exe, wasm).Output()
	if err != nil {
		t.Fatalf("unpacked: %v", err)
	}
	got, err := exec.Command(exe, packedFile).Output()
	if err != nil {
		t.Fatalf("packed: %v", err)
	}
	if string(got) != string(want) || len(want) < 10 {
		t.Errorf("packed module printed %q, unpacked %q", got, want)
	}
	trace, err := exec.Command(exe, packedFile, "panic").CombinedOutput()
	if err == nil || !strings.Contains(string(trace), "panic: asked to") || !strings.Contains(string(trace), "main.main()") || !strings.Contains(string(trace), "?:0") {
		t.Errorf("the packed module's panic (%v) printed:\n%s\nwant the message, main.main() and ?:0 for its line", err, trace)
	}
	if got, err := exec.Command(exe, unnamedFile).Output(); err != nil || string(got) != string(want) {
		t.Errorf("the module without names printed %q (%v), unpacked %q", got, err, want)
	}
	trace, err = exec.Command(exe, unnamedFile, "panic").CombinedOutput()
	if err == nil || !strings.Contains(string(trace), "panic: asked to") || !strings.Contains(string(trace), "main.main()") {
		t.Errorf("the module without names, its panic (%v) printed:\n%s\nwant the message and main.main()", err, trace)
	}
}

// dataOf returns the data segments of a module.
func dataOf(t testing.TB, m []byte) []Segment {
	t.Helper()
	ids, bodies := sections(t, m)
	for k, id := range ids {
		if id == dataSection {
			segs, err := Segments(bodies[k])
			if err != nil {
				t.Fatal(err)
			}
			return segs
		}
	}
	t.Fatal("no data section")
	return nil
}

// FuzzPack: any input is refused or packed to the same memory image.
func FuzzPack(f *testing.F) {
	f.Add(module(dataSection, encode([]Segment{{8, []byte{1, 2}}, {20, []byte{3}}})))
	f.Add(module(dataSection, []byte{1, 0, 0x41, 0x80, 0x80, 0x80, 0x80, 0x08, 0x0b, 1, 9}))
	f.Add(module(1, []byte{0x60, 0, 0}, dataSection, []byte{0}))
	f.Fuzz(func(t *testing.T, m []byte) {
		packed, err := Pack(m, Options{Gap: 16})
		if err != nil {
			return
		}
		checkSame(t, m, packed)
	})
}

// FuzzDropLines: any memory is refused or has its line tables and names
// dropped, never a panic.
func FuzzDropLines(f *testing.F) {
	hdr := func(fields ...uint64) []byte {
		b := slices.Clone(pcHeader)
		for _, v := range fields {
			b = binary.LittleEndian.AppendUint64(b, v)
		}
		return b
	}
	f.Add(hdr(1, 0, 0, 72, 73, 74, 75, 80))
	f.Add(append(hdr(1<<61, 0, 0, 72, 73, 74, 75, 77), 'n', 0, 'f', 2)) // (nfunc+1)·8 overflows
	f.Add(append(hdr(1, 0, 0, 72, 73, 74, 75, 77), 'n', 0, 'f', 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0))
	f.Fuzz(func(t *testing.T, mem []byte) {
		DropLines([]Segment{{Offset: 0, Data: mem}})
		DropNames([]Segment{{Offset: 0, Data: mem}}, []string{"n"})
	})
}
