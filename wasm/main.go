//go:build js && wasm

// Command wasm is the playground's simulator, run in a Web Worker: a thin
// bridge, written with safejs (wasm/bridge), from JavaScript calls to
// wasm/session. It installs one object, globalThis.overloadlab, whose
// functions never throw: a failure, a panic included, comes back as
// {error: "..."}.
//
//	describe()                      JSON of every model (params, columns, charts, panels, presets, sweeps)
//	start(json) startPreset(name) startLink(link)
//	linkPreset(link)                the preset a link names, "" if none (to fall back on)
//	                                start a run; JSON Info {model, preset, columns, scenario, ...}
//	advance(seconds, budgetMs)      run on; the new rows as one Float64Array (flat, width = columns)
//	set(name, value)                change a parameter now (recorded for the link); "" when done
//	rowsB()                         B's rows of the last advance, in step with A's (comparing)
//	values() summary() link() export()
//	compare(i)                      open B: a copy of A (i = -1) or the preset's variant i; B's rows so far
//	compareWithBase()               A: the preset, B: what is on screen, both from 0 s
//	endCompare() reset() setWords(title, note) comparison() summaryB() valuesA() info()
//	setSweep(plan)                  the page's sweep definition, for the link ("" for none)
//	setPick(name, choice) setAttempt(name)  a prediction made, the challenge attempted, for the link
//	report(page)                    the self-contained HTML report of what is on screen (page: the address)
//	sweepCell(scenario, plan, variant, point, seed)  one run of a sweep: sim.Sample (no live run needed)
//	sweepPoint(scenario, plan, samples)             one point from its seeds' samples: sim.PointStat
//	classRow(line, link)            a link replayed to its end: class.Row, the class view's row (no live run needed)
package main

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/hack-pad/safejs"

	"overloadlab/core/class"
	"overloadlab/wasm/bridge"
	"overloadlab/wasm/gcpace"
	"overloadlab/wasm/session"
)

var cur *session.Session

var errNoRun = fmt.Errorf("no run: start one first")

// api is globalThis.overloadlab, being installed.
var api = bridge.New(session.API)

// fn installs a function of session.API (bridge.Object.Fn).
func fn(name string, f func(args []safejs.Value) (any, error)) { api.Fn(name, f) }

var str = bridge.Str

// str2 reads two string arguments.
func str2(a, b safejs.Value) (string, string, error) {
	x, err := a.String()
	if err != nil {
		return "", "", err
	}
	y, err := b.String()
	return x, y, err
}

func start(s *session.Session, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	cur = s
	info := s.Info()
	return session.JSON(&info), nil
}

// float64s copies xs into a new Float64Array.
func float64s(xs []float64) (any, error) {
	u8, err := safejs.Global().Get("Uint8Array")
	if err != nil {
		return nil, err
	}
	f64, err := safejs.Global().Get("Float64Array")
	if err != nil {
		return nil, err
	}
	bytes, err := u8.New(len(xs) * 8)
	if err != nil {
		return nil, err
	}
	if len(xs) > 0 {
		if _, err := safejs.CopyBytesToJS(bytes, unsafe.Slice((*byte)(unsafe.Pointer(&xs[0])), len(xs)*8)); err != nil {
			return nil, err
		}
	}
	buf, err := bytes.Get("buffer")
	if err != nil {
		return nil, err
	}
	return f64.New(buf)
}

func main() {
	gcpace.Set()
	install()
	select {}
}

// install sets globalThis.overloadlab.
func install() {
	fn("describe", func([]safejs.Value) (any, error) {
		return session.Describe()
	})
	fn("start", func(a []safejs.Value) (any, error) {
		text, err := str(a[0])
		if err != nil {
			return nil, err
		}
		return start(session.StartJSON([]byte(text)))
	})
	fn("startPreset", func(a []safejs.Value) (any, error) {
		name, err := str(a[0])
		if err != nil {
			return nil, err
		}
		return start(session.StartPreset(name))
	})
	fn("startLink", func(a []safejs.Value) (any, error) {
		link, err := str(a[0])
		if err != nil {
			return nil, err
		}
		return start(session.StartLink(link))
	})
	fn("linkPreset", func(a []safejs.Value) (any, error) {
		link, err := str(a[0])
		if err != nil {
			return nil, err
		}
		return session.LinkPreset(link), nil
	})
	fn("advance", func(a []safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		seconds, err := a[0].Float()
		if err != nil {
			return nil, err
		}
		ms, err := a[1].Float()
		if err != nil {
			return nil, err
		}
		deadline := time.Now().Add(time.Duration(ms * float64(time.Millisecond)))
		rows := cur.Advance(seconds, func() bool { return time.Now().After(deadline) })
		return float64s(rows)
	})
	fn("set", func(a []safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		name, err := str(a[0])
		if err != nil {
			return nil, err
		}
		text, err := str(a[1])
		if err != nil {
			return nil, err
		}
		return cur.Set(name, text)
	})
	fn("values", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		b, err := cur.Values()
		return string(b), err
	})
	fn("summary", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		sum := cur.Summary()
		return session.JSON(&sum), nil
	})
	fn("link", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		return cur.Link()
	})
	fn("shortLink", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		return cur.ShortLink()
	})
	fn("export", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		e, err := cur.Export()
		if err != nil {
			return nil, err
		}
		return session.JSON(&e), nil
	})
	fn("rowsB", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		return float64s(cur.RowsB())
	})
	fn("compare", func(a []safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		i, err := a[0].Int()
		if err != nil {
			return nil, err
		}
		rows, err := cur.Compare(i)
		if err != nil {
			return nil, err
		}
		return float64s(rows)
	})
	fn("compareWithBase", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		return "", cur.CompareWithBase()
	})
	fn("valuesA", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		b, err := cur.ValuesA()
		return string(b), err
	})
	fn("endCompare", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		cur.EndCompare()
		return "", nil
	})
	fn("reset", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		return "", cur.Reset()
	})
	fn("info", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		info := cur.Info()
		return session.JSON(&info), nil
	})
	fn("setWords", func(a []safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		title, err := str(a[0])
		if err != nil {
			return nil, err
		}
		note, err := str(a[1])
		if err != nil {
			return nil, err
		}
		return "", cur.SetWords(title, note)
	})
	fn("comparison", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		return session.JSON(cur.Result()), nil
	})
	fn("summaryB", func([]safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		b, ok := cur.SummaryB()
		if !ok {
			return "null", nil
		}
		return session.JSON(&b), nil
	})
	fn("report", func(a []safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		page, err := str(a[0])
		if err != nil {
			return nil, err
		}
		return cur.Report(page)
	})
	fn("setSweep", func(a []safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		plan, err := str(a[0])
		if err != nil {
			return nil, err
		}
		return "", cur.SetSweep(plan)
	})
	fn("setPick", func(a []safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		name, err := str(a[0])
		if err != nil {
			return nil, err
		}
		c, err := a[1].Int()
		if err != nil {
			return nil, err
		}
		return "", cur.SetPick(name, c)
	})
	fn("setAttempt", func(a []safejs.Value) (any, error) {
		if cur == nil {
			return nil, errNoRun
		}
		name, err := str(a[0])
		if err != nil {
			return nil, err
		}
		return "", cur.SetAttempt(name)
	})
	var sweeper session.Sweeper
	fn("sweepCell", func(a []safejs.Value) (any, error) {
		sc, plan, err := str2(a[0], a[1])
		if err != nil {
			return nil, err
		}
		var vis [3]int
		for k := range vis {
			if vis[k], err = a[2+k].Int(); err != nil {
				return nil, err
			}
		}
		s, err := sweeper.Cell(sc, plan, vis[0], vis[1], vis[2])
		if err != nil {
			return nil, err
		}
		return session.JSON(&s), nil
	})
	fn("sweepPoint", func(a []safejs.Value) (any, error) {
		sc, plan, err := str2(a[0], a[1])
		if err != nil {
			return nil, err
		}
		samples, err := str(a[2])
		if err != nil {
			return nil, err
		}
		p, err := sweeper.Point(sc, plan, samples)
		if err != nil {
			return nil, err
		}
		return session.JSON(&p), nil
	})
	fn("classRow", func(a []safejs.Value) (any, error) {
		line, err := a[0].Int()
		if err != nil {
			return nil, err
		}
		link, err := str(a[1])
		if err != nil {
			return nil, err
		}
		row := class.RowOf(line, link)
		return session.JSON(&row), nil
	})
	api.Publish("overloadlab")
}
